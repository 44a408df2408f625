import { FIELD_KIND_LABELS, type FormField } from '@contract/index';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Skeleton, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput, DebouncedButton, preventEnterSubmit, useUnsavedGuard } from '@/shared';
import { MediaPicker } from '@/shared/media-picker';
import { formKeys, useForm } from '../forms.queries';
import { FieldCanvas } from './field-canvas';
import { fieldProblem, newField, PALETTE } from './field-defs';
import { FieldEditor } from './field-editor';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Settings {
  formName: string;
  description: string;
  cover: string;
  period?: [Dayjs | null, Dayjs | null];
  totalLimit: number;
  personLimit: number;
  needPay: boolean;
  price: string;
  needVerify: boolean;
  state: boolean;
}

/** 编辑表单: the form designer (settings, fields from the palette, drag to reorder, field settings). */
export default function FormEditPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const loaded = useForm(id);
  const [form] = Form.useForm<Settings>();
  const [fields, setFields] = useState<FormField[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const needPay = Form.useWatch('needPay', form);
  // A role that may only view sees the form read-only, without 保存 (the server refuses the save anyway).
  const canEdit = useCan()('form', 'edit');
  const { release } = useUnsavedGuard(dirty && canEdit);
  const editFields = (next: FormField[]) => {
    setDirty(true);
    setFields(next);
  };

  useEffect(() => {
    const d = loaded.data;
    if (!d) return;
    form.setFieldsValue({
      formName: d.formName,
      description: d.description,
      cover: d.cover,
      period: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : undefined,
      totalLimit: d.totalLimit,
      personLimit: d.personLimit,
      needPay: d.needPay === 1,
      price: d.needPay === 1 ? String(d.price) : '',
      needVerify: d.needVerify,
      state: d.state === 1,
    });
    setFields(d.fields);
    setSelected(d.fields[0]?.id ?? null);
  }, [loaded.data, form]);

  if (id && loaded.isLoading) return <Skeleton active paragraph={{ rows: 10 }} />;

  const add = (kind: FormField['kind']) => {
    const f = newField(kind as never, fields);
    editFields([...fields, f]);
    setSelected(f.id);
  };

  const save = async (v: Settings) => {
    if (fields.length === 0) return message.error('请至少添加一个字段');
    const bad = fields.map((f) => fieldProblem(f, fields)).find(Boolean);
    if (bad) return message.error(bad);
    setSaving(true);
    try {
      const r = await api.forms.SaveFrom({
        formID: id ?? undefined,
        formName: v.formName,
        description: v.description ?? '',
        cover: v.cover ?? '',
        fields,
        startTime: v.period?.[0] ? v.period[0].format(FMT) : '',
        endTime: v.period?.[1] ? v.period[1].format(FMT) : '',
        totalLimit: v.totalLimit ?? 0,
        personLimit: v.personLimit ?? 0,
        needPay: v.needPay ? 1 : 0,
        price: v.needPay ? Number(v.price || 0) : 0,
        needVerify: Boolean(v.needPay && v.needVerify),
        state: v.state ? 1 : 0,
      });
      message.success('保存成功');
      await qc.invalidateQueries({ queryKey: formKeys.all });
      release();
      navigate(`/form`, { state: { saved: r.formID } });
    } catch {
      // the reason is shown
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Settings>
      form={form}
      layout="vertical"
      onFinish={save}
      onValuesChange={() => setDirty(true)}
      // Enter in an input must not save the whole form: only 保存 does.
      onKeyDown={preventEnterSubmit}
      disabled={!canEdit}
      scrollToFirstError={{ behavior: 'smooth', block: 'center', focus: true }}
      // A new form starts unpublished (the server's default too): the merchant switches 生效 on when it is ready.
      initialValues={{ totalLimit: 0, personLimit: 0, needPay: false, needVerify: false, state: false, description: '', cover: '' }}
    >
      <Card title={!canEdit ? '查看表单' : id ? '编辑表单' : '新建表单'} style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item
              name="formName"
              label="表单名称"
              rules={[
                { required: true, whitespace: true, message: '请输入表单名称' },
                { max: 40, message: '表单名称不能超过40个字' },
              ]}
            >
              <Input maxLength={40} showCount placeholder="如：周末亲子手工课报名" />
            </Form.Item>
            <Form.Item name="description" label="表单说明" rules={[{ max: 2000, message: '表单说明不能超过2000个字' }]}>
              <Input.TextArea rows={3} maxLength={2000} placeholder="填写须知、活动介绍等" />
            </Form.Item>
            <Form.Item name="period" label="填写时间" extra="不设置则随时可填写">
              <DatePicker.RangePicker showTime format={FMT} allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="cover" label="封面图">
              <MediaPicker kind="image" disabled={!canEdit} />
            </Form.Item>
            <Space size={24} wrap>
              <Form.Item
                name="totalLimit"
                label="提交总量上限"
                extra="0 为不限"
                rules={[{ type: 'integer', min: 0, message: '提交总量上限不能小于0' }]}
              >
                <InputNumber min={0} precision={0} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item
                name="personLimit"
                label="每人提交次数"
                extra="0 为不限"
                rules={[{ type: 'integer', min: 0, message: '每人提交次数不能小于0' }]}
              >
                <InputNumber min={0} precision={0} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="state" label="生效" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Space size={24} wrap align="start">
              <Form.Item name="needPay" label="付费表单" valuePropName="checked">
                <Switch />
              </Form.Item>
              {needPay && (
                <>
                  <Form.Item
                    name="price"
                    label="报名费用（元）"
                    rules={[
                      { required: true, message: '请输入报名费用' },
                      {
                        validator: (_, v) =>
                          Number(v) > 0 ? Promise.resolve() : Promise.reject(new Error('付费表单请设置大于0的报名费用')),
                      },
                    ]}
                  >
                    <AmountInput style={{ width: 140 }} placeholder="0.00" />
                  </Form.Item>
                  <Form.Item
                    name="needVerify"
                    label="到店核销"
                    valuePropName="checked"
                    tooltip="付款后顾客获得核销码，到店出示后由店员核销"
                  >
                    <Switch />
                  </Form.Item>
                </>
              )}
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        {canEdit && (
          <Col span={5}>
            <Card title="添加字段" size="small">
              <Space wrap>
                {PALETTE.map((k) => (
                  <Button key={k} onClick={() => add(k)} style={{ width: 96 }}>
                    {FIELD_KIND_LABELS[k]}
                  </Button>
                ))}
              </Space>
            </Card>
          </Col>
        )}
        <Col span={11}>
          <Card title={`表单字段（${fields.length}）`} size="small" extra={<Typography.Text type="secondary">拖动排序</Typography.Text>}>
            <FieldCanvas fields={fields} selected={selected} onSelect={setSelected} onChange={editFields} />
          </Card>
        </Col>
        <Col span={8}>
          <Card title="字段设置" size="small">
            <FieldEditor
              field={fields.find((f) => f.id === selected)}
              onChange={(f) => editFields(fields.map((x) => (x.id === f.id ? f : x)))}
            />
          </Card>
        </Col>
      </Row>
      <div
        style={{
          position: 'sticky',
          bottom: 0,
          background: '#fff',
          padding: '12px 24px',
          marginTop: 16,
          borderTop: '1px solid #e5e6eb',
          textAlign: 'center',
        }}
      >
        <Space>
          <Button disabled={false} onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/form'))}>
            {canEdit ? '取消' : '返回'}
          </Button>
          {canEdit && (
            <DebouncedButton type="primary" htmlType="submit" loading={saving}>
              保存
            </DebouncedButton>
          )}
        </Space>
      </div>
    </Form>
  );
}
