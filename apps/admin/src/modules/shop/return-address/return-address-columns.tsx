import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type AddressRow = DataOf<typeof contract.shop.GetReturnAddressList>['rows'][number];

interface Options {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: AddressRow) => void;
  onDelete: (row: AddressRow) => void;
  onDefault: (row: AddressRow) => void;
}

/** Columns of /editreaddress. */
export function addressColumns(o: Options): ColumnsType<AddressRow> {
  return [
    {
      title: '联系人',
      dataIndex: 'name',
      width: 160,
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.isDefault === 1 && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '联系电话', dataIndex: 'phone', width: 150 },
    { title: '退货地址', key: 'address', render: (_, r) => `${r.areaName} ${r.address}`.trim() },
    { title: '创建时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作',
      key: 'op',
      width: 220,
      render: (_, r) => (
        <Space size={0}>
          {o.canEdit && (
            <Button type="link" size="small" onClick={() => o.onEdit(r)}>
              编辑
            </Button>
          )}
          {o.canEdit && r.isDefault !== 1 && (
            <Button type="link" size="small" onClick={() => o.onDefault(r)}>
              设为默认
            </Button>
          )}
          {o.canDelete && (
            <Popconfirm
              title="确定删除当前当前数据?"
              description={r.isDefault === 1 ? '删除后最新添加的另一个地址将成为默认地址' : undefined}
              okText="确定"
              cancelText="取消"
              onConfirm={() => o.onDelete(r)}
            >
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
