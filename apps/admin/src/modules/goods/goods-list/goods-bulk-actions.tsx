import { DownOutlined } from '@ant-design/icons';
import type { GoodsDelivery } from '@contract/index';
import { App, Button, DatePicker, Dropdown, Form, Modal, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ApiError, api } from '@/api/client';
import { LogisticsFields } from '../goods-edit/logistics-fields';

type Action = 'type' | 'logistics' | 'vip' | 'schedule';

interface Props {
  /** The selected goods ids. */
  ids: string[];
  /** After a change: clear the selection and reload the list. */
  onDone: () => Promise<unknown> | unknown;
}

/** 批量操作 beyond on/off shelf and delete: 修改类型, 修改物流, 会员价设置, 定时开售 for the selected goods. */
export function GoodsBulkActions({ ids, onDone }: Props) {
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const done = async () => {
    setOpen(null);
    await onDone();
  };
  return (
    <>
      <Dropdown
        disabled={ids.length === 0}
        trigger={['click']}
        menu={{
          items: [
            { key: 'type', label: '修改类型' },
            { key: 'logistics', label: '修改物流' },
            { key: 'vip', label: '会员价设置' },
            { key: 'schedule', label: '定时开售' },
          ],
          onClick: ({ key }) => setOpen(key as Action),
        }}
      >
        <Button disabled={ids.length === 0}>
          <Space>
            批量操作
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      {open === 'type' && <TypeDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'logistics' && <LogisticsDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'vip' && <VipDialog ids={ids} onCancel={close} onDone={done} />}
      {open === 'schedule' && <ScheduleDialog ids={ids} onCancel={close} onDone={done} />}
    </>
  );
}

interface DialogProps {
  ids: string[];
  onCancel: () => void;
  onDone: () => Promise<void>;
}

/** A modal form that sends one call; a refusal stays open with the message shown. */
function useSubmit(onDone: () => Promise<void>) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<unknown>, ok: string) => {
    setSaving(true);
    try {
      await work();
      message.success(ok);
      await onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };
  return { saving, run };
}

const countTitle = (title: string, n: number) => `${title}（已选 ${n} 个商品）`;

function TypeDialog({ ids, onCancel, onDone }: DialogProps) {
  const [type, setType] = useState<1 | 2 | 3>(1);
  const { saving, run } = useSubmit(onDone);
  return (
    <Modal
      open
      title={countTitle('修改类型', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => run(() => api.goods.changetype({ ids, type }), '修改成功')}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="商品类型">
          <Radio.Group
            aria-label="商品类型"
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={[
              { value: 1, label: '实物商品' },
              { value: 2, label: '虚拟商品' },
              { value: 3, label: '服务商品' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface LogisticsValues {
  delivery: GoodsDelivery[];
  postFeeMode: 1 | 2;
  freightTemplateId?: string | null;
  postFee: string;
}

function LogisticsDialog({ ids, onCancel, onDone }: DialogProps) {
  const [form] = Form.useForm<LogisticsValues>();
  const { saving, run } = useSubmit(onDone);
  const submit = (v: LogisticsValues) =>
    run(
      () =>
        api.goods.BatchEditGoodsLogistics({
          ids,
          delivery: v.delivery,
          postFeeMode: v.postFeeMode,
          freightTemplateId: v.postFeeMode === 2 ? (v.freightTemplateId ?? null) : null,
          postFee: Number(v.postFee || 0),
        }),
      '物流设置已修改',
    );
  return (
    <Modal
      open
      title={countTitle('修改物流', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<LogisticsValues>
        form={form}
        layout="vertical"
        initialValues={{ delivery: ['express'], postFeeMode: 1, postFee: '0' }}
        onFinish={submit}
      >
        <LogisticsFields />
      </Form>
    </Modal>
  );
}

type Tri = 'keep' | 'on' | 'off';
const FLAGS = [
  { key: 'joinvip', label: '参与会员折扣' },
  { key: 'showvipprice', label: '显示会员价' },
  { key: 'havevipprice', label: '有会员价' },
] as const;

function VipDialog({ ids, onCancel, onDone }: DialogProps) {
  const [flags, setFlags] = useState<Record<(typeof FLAGS)[number]['key'], Tri>>({
    joinvip: 'keep',
    showvipprice: 'keep',
    havevipprice: 'keep',
  });
  const { saving, run } = useSubmit(onDone);
  const changed = FLAGS.filter((f) => flags[f.key] !== 'keep');
  return (
    <Modal
      open
      title={countTitle('会员价设置', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: changed.length === 0 }}
      onCancel={onCancel}
      onOk={() =>
        run(async () => {
          for (const f of changed) await api.goods[f.key]({ ids, value: flags[f.key] === 'on' });
        }, '会员价设置已修改')
      }
      destroyOnHidden
    >
      <Form layout="horizontal" labelCol={{ flex: '110px' }}>
        {FLAGS.map((f) => (
          <Form.Item key={f.key} label={f.label} style={{ marginBottom: 12 }}>
            <Radio.Group
              aria-label={f.label}
              optionType="button"
              value={flags[f.key]}
              onChange={(e) => setFlags((x) => ({ ...x, [f.key]: e.target.value }))}
              options={[
                { value: 'keep', label: '不修改' },
                { value: 'on', label: '开启' },
                { value: 'off', label: '关闭' },
              ]}
            />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}

const FMT = 'YYYY-MM-DD HH:mm:ss';

function ScheduleDialog({ ids, onCancel, onDone }: DialogProps) {
  const [mode, setMode] = useState<'set' | 'cancel'>('set');
  const [at, setAt] = useState<Dayjs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { saving, run } = useSubmit(onDone);
  const submit = () => {
    if (mode === 'cancel') return run(() => api.goods.SetStartSale({ ids, startSaleAt: null }), '已取消定时开售');
    if (!at) return setError('请选择开售时间');
    if (!at.isAfter(dayjs())) return setError('开售时间须晚于当前时间');
    return run(() => api.goods.SetStartSale({ ids, startSaleAt: at.format(FMT) }), '定时开售设置成功');
  };
  return (
    <Modal
      open
      title={countTitle('定时开售', ids.length)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={submit}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item>
          <Radio.Group
            value={mode}
            onChange={(e) => setMode(e.target.value)}
            options={[
              { value: 'set', label: '设置开售时间' },
              { value: 'cancel', label: '取消定时（放回仓库）' },
            ]}
          />
        </Form.Item>
        {mode === 'set' && (
          <Form.Item
            label="开售时间"
            required
            validateStatus={error ? 'error' : undefined}
            help={error ?? '到时间后自动上架；之前商品不在售'}
          >
            <DatePicker
              aria-label="开售时间"
              showTime
              format={FMT}
              value={at}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              onChange={(v) => {
                setAt(v);
                setError(null);
              }}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
