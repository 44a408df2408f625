import { type contract, type DataOf, PHONE_RE, VIP_CARD_GRANT_MAX, VIP_CARD_HOLDER_STATE } from '@contract/index';
import { App, Button, Drawer, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { yuan } from '@/shared/money';
import { useCardHolders } from './cards.queries';

type HolderRow = DataOf<typeof contract.vipCards.userlist>['rows'][number];
type HolderState = (typeof VIP_CARD_HOLDER_STATE)[number];
const STATE_LABELS: Record<HolderState, string> = { all: '全部状态', valid: '有效', expired: '已过期', withdrawn: '已收回' };
const STATE_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 0: 'red' };

interface Props {
  card: { id: string; name: string; status: number } | null;
  onClose: () => void;
  /** Holder counts changed (grant, withdraw). */
  onChanged: () => void;
}

/** 领取记录: the holders of a card, with 发放 (by phone) and 收回. */
export function HoldersDrawer({ card, onClose, onChanged }: Props) {
  const { message, modal } = App.useApp();
  const initial = useMemo(() => ({ state: 'all' as HolderState }), []);
  const list = useListState(initial);
  const q = useCardHolders({ ...list.query, id: card?.id ?? '' }, Boolean(card));
  const canEdit = useCan()('equityCard', 'edit');
  const [granting, setGranting] = useState(false);
  const { reset } = list;

  // A new card opens on the first page with no filter.
  useEffect(() => {
    if (card) reset();
  }, [card, reset]);

  const onWithdraw = (r: HolderRow) =>
    modal.confirm({
      title: `收回 ${r.name || r.phone} 的权益卡？`,
      content: '收回后该会员不再享有此卡权益，且不能再自行领取。',
      okText: '收回',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await api.vipCards.withdraw({ id: r.id });
          message.success('已收回');
          await q.refetch();
          onChanged();
        } catch {
          // the reason is shown
        }
      },
    });

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<HolderRow> = [
    {
      title: '会员',
      key: 'member',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.name || '—'}</span>
          <span>{r.phone}</span>
        </Space>
      ),
    },
    { title: '卡号', dataIndex: 'cardNo', width: 170 },
    { title: '来源', dataIndex: 'sourceText', width: 90, render: (v: string, r) => (r.amount > 0 ? `${v} ${yuan(r.amount)}` : v) },
    { title: '领取时间', dataIndex: 'receiveTime', width: 170, ...sortable('receiveTime') },
    { title: '到期时间', dataIndex: 'expireTime', width: 170, ...sortable('expireTime'), render: (v: string) => v || '永久有效' },
    { title: '状态', dataIndex: 'stateText', width: 80, render: (v: string, r) => <Tag color={STATE_COLORS[r.state]}>{v}</Tag> },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r: HolderRow) =>
              r.state === 0 ? null : (
                <Button type="link" size="small" danger onClick={() => onWithdraw(r)}>
                  收回
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <Drawer title={card ? `领取记录 · ${card.name}` : '领取记录'} width={1000} open={Boolean(card)} onClose={onClose} destroyOnHidden>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
        <ListSearch
          placeholder="手机号 / 姓名 / 卡号"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        >
          <Select<HolderState>
            aria-label="状态"
            style={{ width: 120 }}
            value={list.state.filters.state}
            onChange={(state) => list.search(list.state.keyword, { state })}
            options={VIP_CARD_HOLDER_STATE.map((k) => ({ value: k, label: STATE_LABELS[k] }))}
          />
        </ListSearch>
        {canEdit && (
          <Button
            type="primary"
            disabled={card?.status !== 1}
            title={card?.status !== 1 ? '已停用的权益卡不能发放' : undefined}
            onClick={() => setGranting(true)}
          >
            发放权益卡
          </Button>
        )}
      </Space>
      <ListTable<HolderRow>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无会员领取' }}
      />
      {card && (
        <GrantModal
          open={granting}
          cardId={card.id}
          onClose={() => setGranting(false)}
          onDone={async () => {
            setGranting(false);
            await q.refetch();
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}

/** 发放权益卡: members by phone, one a line; a member who holds it gets it extended. */
function GrantModal({ open, cardId, onClose, onDone }: { open: boolean; cardId: string; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ phones: string }>();
  const [saving, setSaving] = useState(false);
  const phonesOf = (text: string) => [...new Set((text ?? '').split(/[\s,，;；]+/).filter(Boolean))];

  const submit = async () => {
    let v: { phones: string };
    try {
      v = await form.validateFields();
    } catch {
      return; // the messages are shown under the field
    }
    setSaving(true);
    try {
      const r = await api.vipCards.grant({ cardId, phones: phonesOf(v.phones) }, { silent: true });
      message.success(`发放成功：新发放 ${r.granted} 人，续期 ${r.extended} 人`);
      form.resetFields();
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      form.setFields([{ name: 'phones', errors: [e.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="发放权益卡"
      open={open}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="发放"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="phones"
          label="会员手机号"
          extra={`每行一个，最多${VIP_CARD_GRANT_MAX}个；已持有且未过期的会员将顺延有效期`}
          rules={[
            {
              validator: (_, text: string) => {
                const list = phonesOf(text);
                if (list.length === 0) return Promise.reject(new Error('请输入会员手机号'));
                if (list.length > VIP_CARD_GRANT_MAX) return Promise.reject(new Error(`一次最多发放${VIP_CARD_GRANT_MAX}位会员`));
                const bad = list.find((p) => !PHONE_RE.test(p));
                return bad ? Promise.reject(new Error(`手机号 ${bad} 格式不正确`)) : Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea rows={6} placeholder={'13800138000\n13900139000'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
