import { ArrowDownOutlined, ArrowUpOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import type { contract, DataOf } from '@contract/index';
import { Button, Space, Switch, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnsType } from 'antd/es/table';

export type UnitRowData = DataOf<typeof contract.goodUnit.list>['rows'][number];
export type MoveDirection = 'up' | 'down' | 'top';

interface Options {
  /** The role may change units (Unit:edit). */
  canEdit: boolean;
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  /** Moves apply to the whole order: only offered while the list shows it whole and in order. */
  canMove: boolean;
  /** Where a unit stands in the whole order. */
  placeOf: (row: UnitRowData) => { first: boolean; last: boolean };
  onEdit: (row: UnitRowData) => void;
  onMove: (row: UnitRowData, direction: MoveDirection) => void;
  onSwitch: (row: UnitRowData, on: boolean) => void;
  switching: { has: (id: string) => boolean };
}

const MOVE_HINT = '按排序查看全部单位时可移动';

/** Columns of /Unit; every sortable one sorts on the server. */
export function unitColumns(o: Options): ColumnsType<UnitRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: o.sortOrderOf(key) });
  const move = (r: UnitRowData, direction: MoveDirection, label: string, icon: ReactNode, disabled: boolean) => (
    <Tooltip title={o.canMove ? undefined : MOVE_HINT}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        disabled={!o.canMove || disabled}
        onClick={() => o.onMove(r, direction)}
      />
    </Tooltip>
  );
  return [
    { title: '单位名称', dataIndex: 'name', ...sortable('name') },
    { title: '排序', dataIndex: 'sort', width: 100, ...sortable('sort') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      ...sortable('status'),
      render: (v: number, r) => (
        <Switch
          size="small"
          checked={v === 1}
          loading={o.switching.has(r.id)}
          disabled={!o.canEdit}
          checkedChildren="启用"
          unCheckedChildren="禁用"
          aria-label={`${r.name}状态`}
          onChange={(on) => o.onSwitch(r, on)}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 180, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => {
        const place = o.placeOf(r);
        if (!o.canEdit) return null;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => o.onEdit(r)}>
              编辑
            </Button>
            {move(r, 'up', '上移', <ArrowUpOutlined />, place.first)}
            {move(r, 'down', '下移', <ArrowDownOutlined />, place.last)}
            {move(r, 'top', '置顶', <VerticalAlignTopOutlined />, place.first)}
          </Space>
        );
      },
    },
  ];
}
