import type { contract, DataOf } from '@contract/index';
import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type PickRow = DataOf<typeof contract.delivery.PickList>['rows'][number];

const DAY = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/** '周一至周五 09:00-18:00' style text of a point's opening hours. */
export function hoursText(r: Pick<PickRow, 'days' | 'hours'>): string {
  const days = r.days.length === 7 ? '每天' : r.days.map((d) => DAY[d]).join('、');
  return `${days} ${r.hours.map((h) => `${h.start}-${h.end}`).join('，')}`;
}

interface Options {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (r: PickRow) => void;
  onState: (r: PickRow, status: 0 | 1) => void;
  onDelete: (r: PickRow) => void;
}

/** Columns of the 到店自提 tab's pick-up point list. */
export function pickColumns(o: Options): ColumnsType<PickRow> {
  return [
    { title: '自提点名称', dataIndex: 'name', sorter: true, width: 180 },
    { title: '地址', key: 'address', render: (_, r) => `${r.areaName} ${r.address}` },
    { title: '联系电话', dataIndex: 'phone', width: 140 },
    { title: '营业时间', key: 'hours', width: 220, render: (_, r) => hoursText(r) },
    { title: '核销员', key: 'staff', width: 160, render: (_, r) => (r.staffNames.length ? r.staffNames.join('、') : '不限') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      sorter: true,
      render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          {o.canEdit && (
            <Button type="link" size="small" onClick={() => o.onEdit(r)}>
              编辑
            </Button>
          )}
          {o.canEdit && (
            <Button type="link" size="small" onClick={() => o.onState(r, r.status === 1 ? 0 : 1)}>
              {r.status === 1 ? '停用' : '启用'}
            </Button>
          )}
          {o.canDelete && (
            <Popconfirm title="确定删除当前当前数据?" okText="确定" cancelText="取消" onConfirm={() => o.onDelete(r)}>
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
