import { App, Alert, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { EXPRESS_COMPANIES } from '@contract/index';
import { useEffect, useState } from 'react';
import type { GoodsOrderRow } from './goods-order-columns';
import { useBulkShip } from './goods-orders.queries';

interface RowInput {
  orderNo: string;
  companyCode?: string;
  trackingNo?: string;
}
type Result = { orderNo: string; ok: boolean; msg: string };

const companies = EXPRESS_COMPANIES.map((c) => ({ value: c.code, label: c.name }));

/**
 * 批量发货: the selected 待发货 orders, each with its company and tracking no (a company chosen on the first row is
 * offered to the rows still empty); each order ships every unit left in one parcel; each row shows its own result.
 */
export function BulkShipModal({ rows, open, onClose }: { rows: GoodsOrderRow[]; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const ship = useBulkShip();
  const [form] = Form.useForm<{ rows: RowInput[] }>();
  const [results, setResults] = useState<Map<string, Result> | null>(null);

  useEffect(() => {
    if (open) {
      form.setFieldsValue({ rows: rows.map((r) => ({ orderNo: r.orderNo })) });
      setResults(null);
    }
  }, [open, rows, form]);

  const submit = async (v: { rows: RowInput[] }) => {
    // Rows already shipped in an earlier try are not sent again.
    const todo = v.rows.filter((r) => !results?.get(r.orderNo)?.ok);
    if (!todo.length) return onClose();
    try {
      const r = await ship.mutateAsync({
        rows: todo.map((x) => ({ orderNo: x.orderNo, companyCode: x.companyCode ?? '', trackingNo: (x.trackingNo ?? '').trim() })),
      });
      setResults(new Map([...(results ?? new Map()), ...r.rows.map((x) => [x.orderNo, x] as const)]));
      if (r.failCount === 0) message.success(`已发货 ${r.okCount} 个订单`);
      else message.warning(`发货成功 ${r.okCount} 个，失败 ${r.failCount} 个`);
    } catch {
      // shown by the api client
    }
  };
  const allDone = results !== null && rows.every((r) => results.get(r.orderNo)?.ok);
  const fillCompany = (code: string) => {
    const cur = form.getFieldValue('rows') as RowInput[];
    form.setFieldsValue({ rows: cur.map((r) => (r.companyCode ? r : { ...r, companyCode: code })) });
  };

  return (
    <Modal
      title={`批量发货（${rows.length}个订单）`}
      open={open}
      width={820}
      onCancel={onClose}
      onOk={() => (allDone ? onClose() : form.submit())}
      okText={allDone ? '完成' : results ? '重试失败的订单' : '确认发货'}
      cancelText="关闭"
      confirmLoading={ship.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="每个订单的全部待发商品作为一个包裹发出。" />
      <Form form={form} onFinish={submit} component={false}>
        <Form.List name="rows">
          {(fields) => (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={fields}
              scroll={{ y: 420 }}
              columns={[
                { title: '订单编号', key: 'no', width: 190, render: (_, f) => rows[f.name]?.orderNo },
                {
                  title: '快递公司',
                  key: 'company',
                  width: 180,
                  render: (_, f) => (
                    <Form.Item name={[f.name, 'companyCode']} rules={[{ required: true, message: '请选择快递公司' }]} style={{ margin: 0 }}>
                      <Select
                        placeholder="请选择"
                        options={companies}
                        showSearch
                        optionFilterProp="label"
                        aria-label={`${rows[f.name]?.orderNo}快递公司`}
                        onChange={(c: string) => f.name === 0 && fillCompany(c)}
                      />
                    </Form.Item>
                  ),
                },
                {
                  title: '快递单号',
                  key: 'no2',
                  render: (_, f) => (
                    <Form.Item
                      name={[f.name, 'trackingNo']}
                      rules={[
                        { required: true, whitespace: true, message: '请输入快递单号' },
                        { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: '快递单号只能包含字母、数字和-' },
                        { max: 40, message: '快递单号不能超过40个字符' },
                      ]}
                      style={{ margin: 0 }}
                    >
                      <Input placeholder="快递单号" aria-label={`${rows[f.name]?.orderNo}快递单号`} />
                    </Form.Item>
                  ),
                },
                {
                  title: '结果',
                  key: 'result',
                  width: 170,
                  render: (_, f) => {
                    const r = results?.get(rows[f.name]?.orderNo ?? '');
                    if (!r) return '—';
                    return r.ok ? <Tag color="green">发货成功</Tag> : <Tag color="red">{r.msg || '发货失败'}</Tag>;
                  },
                },
              ]}
            />
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
