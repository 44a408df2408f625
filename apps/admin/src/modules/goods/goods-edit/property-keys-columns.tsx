import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type KeyRow = DataOf<typeof contract.goods.RenterPropertyKeyList>['rows'][number];

/** Columns of 管理扩展属性: name, preset values, goods using it; edit, and delete (only when no goods uses it). */
export function propertyKeyColumns(o: { onEdit: (r: KeyRow) => void; onDelete: (r: KeyRow) => void }): ColumnsType<KeyRow> {
  return [
    { title: '属性名称', dataIndex: 'name', width: 140 },
    {
      title: '可选值',
      dataIndex: 'values',
      render: (vs: string[]) =>
        vs.length ? vs.map((v) => <Tag key={v}>{v}</Tag>) : <Typography.Text type="secondary">（自由填写）</Typography.Text>,
    },
    { title: '使用商品数', dataIndex: 'goodsCount', width: 100 },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => o.onEdit(r)}>
            编辑
          </Button>
          {r.goodsCount > 0 ? (
            <Button type="link" size="small" danger disabled title="有商品使用，不能删除">
              删除
            </Button>
          ) : (
            <Popconfirm title={`确定删除扩展属性「${r.name}」?`} okText="确定" cancelText="取消" onConfirm={() => o.onDelete(r)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
}
