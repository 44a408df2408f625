import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import type { FormListFieldData } from 'antd/es/form/FormList';
import type { ShipLine } from './parcel-rules';

/** One parcel of 发货: company, tracking no and how many units of each line go in it. */
export function ShipParcelCard({
  field,
  index,
  lines,
  companies,
  onRemove,
}: {
  field: FormListFieldData;
  index: number;
  lines: ShipLine[];
  companies: { value: string; label: string }[];
  /** Absent while it is the only parcel. */
  onRemove?: () => void;
}) {
  return (
    <Card
      size="small"
      title={`包裹${index + 1}`}
      extra={onRemove && <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label={`删除包裹${index + 1}`} />}
    >
      <Space style={{ width: '100%' }} align="start">
        <Form.Item
          name={[field.name, 'companyCode']}
          label="快递公司"
          rules={[{ required: true, message: '请选择快递公司' }]}
          style={{ width: 200 }}
        >
          <Select placeholder="请选择" options={companies} showSearch optionFilterProp="label" aria-label={`包裹${index + 1}快递公司`} />
        </Form.Item>
        <Form.Item
          name={[field.name, 'trackingNo']}
          label="快递单号"
          rules={[
            { required: true, whitespace: true, message: '请输入快递单号' },
            { max: 40, message: '快递单号不能超过40个字符' },
            { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: '快递单号只能包含字母、数字和-' },
          ]}
          style={{ width: 260 }}
        >
          <Input placeholder="请输入快递单号" aria-label={`包裹${index + 1}快递单号`} />
        </Form.Item>
      </Space>
      <Table<ShipLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '商品', key: 'title', render: (_, l) => `${l.title}${l.skuText ? `（${l.skuText}）` : ''}` },
          { title: '待发', dataIndex: 'toShipQty', width: 70 },
          {
            title: '本包裹数量',
            key: 'qty',
            width: 140,
            render: (_, l) => (
              <Form.Item name={[field.name, 'qty', l.id]} noStyle>
                <InputNumber min={0} max={l.toShipQty} precision={0} aria-label={`包裹${index + 1} ${l.title} 数量`} />
              </Form.Item>
            ),
          },
        ]}
      />
    </Card>
  );
}
