import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { deliveryKeys, useInvalidate, useTemplateList } from '../delivery.queries';
import { FreightEditor } from './freight-editor';
import { freeText, ruleText, type TemplateRow } from './freight-form';

const NO_FILTERS = {};

/** 运费模板 (/NewFreightTem): the list, and the editor in a drawer. */
export default function FreightPage() {
  const { message } = App.useApp();
  const can = useCan();
  const canEdit = can('NewFreightTem', 'edit');
  const canDelete = can('NewFreightTem', 'delete');
  const list = useListState(NO_FILTERS);
  const q = useTemplateList(list.query);
  const refresh = useInvalidate(deliveryKeys.templates);
  const [editing, setEditing] = useState<'new' | TemplateRow | null>(null);

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch {
      // the reason is shown
    } finally {
      await refresh();
    }
  };

  const columns: ColumnsType<TemplateRow> = [
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
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                act(
                  () => api.delivery.EditlogisticsState({ id: r.id, status: r.status === 1 ? 0 : 1 }),
                  r.status === 1 ? '停用成功' : '启用成功',
                )
              }
            >
              {r.status === 1 ? '停用' : '启用'}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title="确定删除当前当前数据?"
              okText="确定"
              cancelText="取消"
              onConfirm={() => act(() => api.delivery.DelLogistics({ id: r.id }), '删除成功!')}
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

  return (
    <Card title="运费模板">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="模板名称" onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => setEditing('new')}>
            新建运费模板
          </Button>
        )}
      </Space>
      <ListTable<TemplateRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{
          emptyText: q.isLoading ? '加载中…' : list.state.keyword ? '没有符合条件的运费模板' : '还没有运费模板，点击「新建运费模板」添加',
        }}
      />
      <FreightEditor
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Card>
  );
}
