import { PlusOutlined } from '@ant-design/icons';
import { type contract, type DataOf, GROUP_COUNT_STALE_HOURS } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { yuan } from '@/shared/money';
import { useDescribeRule } from '@/modules/members/rule-editor/use-rule-count';

type Row = DataOf<typeof contract.memberGroups.GetGropList>['rows'][number];

const isStale = (countedAt: string) => !countedAt || dayjs().diff(dayjs(countedAt), 'hour') >= GROUP_COUNT_STALE_HOURS;

/** 会员分组 (/mebgroup): server paging and sorting; counts as of their time with 刷新人数; members of a group; edit, delete. */
export default function GroupListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const list = useUrlListState({});
  const q = useQuery({
    queryKey: ['members', 'groups', 'list', list.query],
    queryFn: () => api.memberGroups.GetGropList(list.query, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  const describe = useDescribeRule();
  const can = useCan();
  const canEdit = can('mebgroup', 'edit');
  const canDelete = can('mebgroup', 'delete');
  const [selected, setSelected] = useState<string[]>([]);
  const counting = useBusyIds();
  const [viewing, setViewing] = useState<Row | null>(null);
  const { keyword } = list.state;
  const refresh = () => qc.invalidateQueries({ queryKey: ['members', 'groups'] });

  const remove = (ids: string[]) =>
    modal.confirm({
      title: ids.length > 1 ? `确定删除选中的${ids.length}个分组?` : '确定删除该分组?',
      content: '删除分组不会删除会员，手动加入该分组的记录将一并清除。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await api.memberGroups.DelGroups({ ids });
        message.success('删除成功');
        setSelected([]);
        await refresh();
      },
    });
  const recount = (r: Row) =>
    counting.run(r.id, async () => {
      try {
        const d = await api.memberGroups.RefreshGroupCount({ id: r.id });
        message.success(`「${r.name}」当前 ${d.memberCount} 人`);
        await refresh();
      } catch {
        // the reason is shown
      }
    });

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<Row> = [
    { title: '分组名称', dataIndex: 'name', ...sortable('name') },
    {
      title: '分组条件',
      dataIndex: 'rule',
      ellipsis: true,
      render: (_: unknown, r) => {
        const text = `${r.rule.items.length ? describe(r.rule) : ''}${r.addedCount ? `${r.rule.items.length ? '，另' : ''}手动加入 ${r.addedCount} 人` : ''}`;
        return (
          <Tooltip title={text}>
            <span>{text || '无条件'}</span>
          </Tooltip>
        );
      },
    },
    {
      title: '会员人数',
      dataIndex: 'memberCount',
      width: 190,
      ...sortable('memberCount'),
      render: (n: number, r) => (
        <Space direction="vertical" size={0}>
          <span>
            {n} 人 {isStale(r.countedAt) && <Tag color="warning">可能已变化</Tag>}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.countedAt ? `统计于 ${r.countedAt}` : '尚未统计'}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            查看成员
          </Button>
          {canEdit && (
            <Button type="link" size="small" loading={counting.has(r.id)} onClick={() => recount(r)}>
              刷新人数
            </Button>
          )}
          <Button type="link" size="small" onClick={() => navigate(`/EditGroup?id=${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
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
        <ListSearch placeholder="分组名称" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
        <Space wrap style={{ marginBottom: 16 }}>
          {canDelete && (
            <DebouncedButton disabled={selected.length === 0} onClick={() => remove(selected)}>
              批量删除
            </DebouncedButton>
          )}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/EditGroup')}>
              新建分组
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
        locale={{ emptyText: q.isLoading ? '加载中…' : keyword ? '没有符合条件的分组' : '还没有分组，点击「新建分组」添加' }}
      />
      <GroupMembersDrawer group={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}

/** Who is in a group now (GroupMembers), paged on the server. */
function GroupMembersDrawer({ group, onClose }: { group: Row | null; onClose: () => void }) {
  const [page, setPage] = useState({ index: 1, size: 10 });
  const q = useQuery({
    queryKey: ['members', 'groups', 'members', group?.id, page],
    queryFn: () =>
      api.memberGroups.GroupMembers({ id: group?.id as string, page_index: page.index, page_size: page.size }, { quiet: true }),
    enabled: !!group,
    placeholderData: keepPreviousData,
  });
  type M = DataOf<typeof contract.memberGroups.GroupMembers>['rows'][number];
  return (
    <Drawer
      open={!!group}
      onClose={onClose}
      width={720}
      title={group ? `「${group.name}」的成员` : ''}
      destroyOnHidden
      afterOpenChange={(o) => !o && setPage({ index: 1, size: 10 })}
    >
      <Table<M>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.rows ?? []}
        locale={{ emptyText: q.isLoading ? '加载中…' : '该分组当前没有会员' }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: q.data?.total_count ?? 0,
          showTotal: (n) => `共 ${n} 人`,
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '—' },
          { title: '姓名', dataIndex: 'name', render: (v: string, r) => v || r.nickname || '—' },
          { title: '等级', dataIndex: 'levelName', render: (v: string) => v || '—' },
          { title: '消费次数', dataIndex: 'orderCount' },
          { title: '累计消费', dataIndex: 'spend', render: (v: number) => yuan(v) },
          { title: '来源', dataIndex: 'added', render: (a: boolean) => (a ? <Tag>手动加入</Tag> : <Tag color="blue">符合条件</Tag>) },
        ]}
      />
    </Drawer>
  );
}
