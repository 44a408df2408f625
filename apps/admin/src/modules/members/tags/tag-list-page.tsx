import { PlusOutlined } from '@ant-design/icons';
import type { contract, DataOf } from '@contract/index';
import { TAG_KIND_TEXT } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { useDescribeRule } from '@/modules/members/rule-editor/use-rule-count';

type Row = DataOf<typeof contract.tags.list>['rows'][number];

const KIND_OPTIONS = [
  { value: 0, label: '全部类型' },
  { value: 1, label: '手动标签' },
  { value: 2, label: '自动标签' },
];
const POLL_MS = 1500;
const POLL_TIMES = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 标签管理 (/labeltag): server paging, keyword, kind, sorting; edit, delete (confirmed), refresh an automatic tag. */
export default function TagListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useUrlListState({ kind: 0 });
  const q = useQuery({
    queryKey: ['members', 'tags', 'list', list.query],
    queryFn: () => api.tags.list(list.query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const describe = useDescribeRule();
  const can = useCan();
  const canEdit = can('labeltag', 'edit');
  const canDelete = can('labeltag', 'delete');
  const [selected, setSelected] = useState<string[]>([]);
  const refreshing = useBusyIds();
  const { keyword, filters } = list.state;
  const refresh = () => qc.invalidateQueries({ queryKey: ['members'] });

  const remove = (ids: string[]) =>
    modal.confirm({
      title: ids.length > 1 ? `确定删除选中的${ids.length}个标签?` : '确定删除该标签?',
      content: '删除后，会员身上的该标签将一并移除，且不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await api.tags.delete({ ids });
        message.success('删除成功');
        setSelected([]);
        await refresh();
      },
    });

  /** Sends the recompute, then waits until the tag's refresh time moves (the job ran). */
  const runRefresh = async (row: Row) => {
    await refreshing.run(row.id, async () => {
      try {
        const { refreshedAt } = await api.tags.refresh({ id: row.id });
        for (let i = 0; i < POLL_TIMES; i++) {
          await sleep(POLL_MS);
          const d = await api.tags.detail({ id: row.id }, { quiet: true, silent: true });
          if (d.refreshedAt !== refreshedAt) {
            message.success(`「${d.name}」已刷新，当前 ${d.memberCount} 人`);
            break;
          }
          if (i === POLL_TIMES - 1) message.info('刷新仍在进行，稍后查看');
        }
      } catch {
        // the reason is shown
      }
    });
    await refresh();
  };

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<Row> = [
    { title: '标签名称', dataIndex: 'name', ...sortable('name') },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 100,
      render: (k: number) => <Tag color={k === 2 ? 'blue' : 'default'}>{TAG_KIND_TEXT[k]}</Tag>,
    },
    {
      title: '条件',
      dataIndex: 'rule',
      ellipsis: true,
      render: (_: unknown, r) =>
        r.rule ? (
          <Tooltip title={describe(r.rule)}>
            <span>{describe(r.rule)}</span>
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">手动添加</Typography.Text>
        ),
    },
    { title: '会员人数', dataIndex: 'memberCount', width: 110, ...sortable('memberCount') },
    {
      title: '上次计算',
      dataIndex: 'refreshedAt',
      width: 170,
      render: (v: string, r) => (r.kind === 2 ? v || '尚未计算' : '—'),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/labeltag/edittag?id=${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          {canEdit && r.kind === 2 && (
            <Button type="link" size="small" loading={refreshing.has(r.id)} onClick={() => runRefresh(r)}>
              {refreshing.has(r.id) ? '刷新中' : '刷新'}
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => remove([r.id])}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="标签名称" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
          <Select
            aria-label="标签类型"
            value={filters.kind}
            options={KIND_OPTIONS}
            style={{ width: 120 }}
            onChange={(kind) => list.search(keyword, { kind })}
          />
        </ListSearch>
        <Space wrap style={{ marginBottom: 16 }}>
          {canDelete && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => remove(selected)}>
              批量删除
            </DebouncedButton>
          )}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/labeltag/edittag')}>
              新建标签
            </Button>
          )}
        </Space>
      </Space>
      <ListTable<Row>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        locale={{
          emptyText: q.isLoading ? '加载中…' : keyword || filters.kind ? '没有符合条件的标签' : '还没有标签，点击「新建标签」添加',
        }}
      />
    </Card>
  );
}
