import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { freeText, ruleText, type TemplateRow } from './freight-form';

/** 运费模板's columns: the rules in words, state, and the row's 编辑 / 启用·停用 / 删除. */
export function freightColumns(p: {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (r: TemplateRow) => void;
  onToggle: (r: TemplateRow) => void;
  onDelete: (r: TemplateRow) => void;
}): ColumnsType<TemplateRow> {
  return [
    { title: '模板名称', dataIndex: 'name', sorter: true, width: 180 },
    { title: '计费方式', dataIndex: 'chargeBy', width: 100, render: (v: number) => (v === 2 ? '按重量' : '按件数') },
    {
      title: '运费规则',
      key: 'rules',
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <span>默认：{ruleText(r.chargeBy, r.rule)}</span>
          {r.regions.map((g, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rules have no id; their order is their identity
            <span key={i}>
              {g.areaNames.join('、')}：{ruleText(r.chargeBy, g)}
            </span>
          ))}
          {r.noDeliveryNames.length > 0 && <Typography.Text type="warning">不配送：{r.noDeliveryNames.join('、')}</Typography.Text>}
          {r.freeRules.map((f, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <Typography.Text key={`f${i}`} type="success">
              {f.areaNames.length ? `${f.areaNames.join('、')}：` : ''}
              {freeText(r.chargeBy, f)}
            </Typography.Text>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      sorter: true,
      render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true },
    {
      title: '操作',
      key: 'op',
      width: 190,
      render: (_, r) => (
        <Space size={0}>
          {p.canEdit && (
            <Button type="link" size="small" onClick={() => p.onEdit(r)}>
              编辑
            </Button>
          )}
          {p.canEdit && (
            <Button type="link" size="small" onClick={() => p.onToggle(r)}>
              {r.status === 1 ? '停用' : '启用'}
            </Button>
          )}
          {p.canDelete && (
            <Popconfirm title="确定删除当前当前数据?" okText="确定" cancelText="取消" onConfirm={() => p.onDelete(r)}>
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
