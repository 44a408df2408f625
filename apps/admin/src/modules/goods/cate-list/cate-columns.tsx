import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PictureOutlined } from '@ant-design/icons';
import type { GoodsTypeNode } from '@contract/index';
import { Avatar, Button, Space, Switch, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

interface Options {
  /** The role may change categories (Catelist:edit) and delete them (Catelist:delete). */
  canEdit: boolean;
  canDelete: boolean;
  /** Siblings may be reordered (not while a filter hides some of them). */
  canReorder: boolean;
  /** Where a category stands among its siblings. */
  placeOf: (row: GoodsTypeNode) => { first: boolean; last: boolean };
  onAddChild: (row: GoodsTypeNode) => void;
  onEdit: (row: GoodsTypeNode) => void;
  onMove: (row: GoodsTypeNode, by: -1 | 1) => void;
  onSwitch: (row: GoodsTypeNode, on: boolean) => void;
  onDelete: (row: GoodsTypeNode) => void;
  /** Rows whose switch is saving. */
  switching: { has: (id: string) => boolean };
}

/** Columns of /Catelist: a tree table, one row per category. */
export function cateColumns(o: Options): ColumnsType<GoodsTypeNode> {
  return [
    {
      title: '分类名称',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space>
          {o.canReorder && (
            <Tooltip title="拖动以调整同级排序">
              <HolderOutlined style={{ cursor: 'grab', color: '#86909c' }} aria-label="拖动排序" />
            </Tooltip>
          )}
          <Avatar shape="square" size={28} src={r.icon || undefined} icon={r.icon ? undefined : <PictureOutlined />} />
          <Typography.Text type={r.status === 1 ? undefined : 'secondary'}>{name}</Typography.Text>
        </Space>
      ),
    },
    { title: '层级', dataIndex: 'level', width: 80, render: (v: number) => `${v}级` },
    { title: '商品数', dataIndex: 'goodsCount', width: 90 },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
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
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    {
      title: '操作',
      key: 'op',
      width: 300,
      render: (_, r) => {
        const place = o.placeOf(r);
        return (
          <Space size={0}>
            {o.canEdit && (
              <>
                <Button type="link" size="small" onClick={() => o.onAddChild(r)}>
                  添加子分类
                </Button>
                <Button type="link" size="small" onClick={() => o.onEdit(r)}>
                  编辑
                </Button>
                <Tooltip title={o.canReorder ? undefined : '清除筛选后可排序'}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label="上移"
                    disabled={!o.canReorder || place.first}
                    onClick={() => o.onMove(r, -1)}
                  />
                </Tooltip>
                <Tooltip title={o.canReorder ? undefined : '清除筛选后可排序'}>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label="下移"
                    disabled={!o.canReorder || place.last}
                    onClick={() => o.onMove(r, 1)}
                  />
                </Tooltip>
              </>
            )}
            {o.canDelete && (
              <Button type="link" size="small" danger onClick={() => o.onDelete(r)}>
                删除
              </Button>
            )}
          </Space>
        );
      },
    },
  ];
}
