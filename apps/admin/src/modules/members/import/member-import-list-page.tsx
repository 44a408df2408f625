import { PlusOutlined } from '@ant-design/icons';
import { MEMBER_IMPORT_STATUS_TEXT, type contract, type DataOf } from '@contract/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { statusBadge } from './member-import.shared';

type Row = DataOf<typeof contract.memberImport.GetImportPage>['rows'][number];

const STATUS_OPTIONS = [
  { value: 0, label: '全部状态' },
  ...Object.entries(MEMBER_IMPORT_STATUS_TEXT).map(([v, label]) => ({ value: Number(v), label })),
];

/** 会员导入: the imports, newest first, with 新建导入, 详情 and 删除. */
export default function MemberImportListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useUrlListState({ status: 0 });
  const can = useCan();
  const canEdit = can('memberImport', 'edit');
  const canDelete = can('memberImport', 'delete');
  const q = useQuery({
    queryKey: ['memberImport', 'list', list.query],
    queryFn: () => api.memberImport.GetImportPage(list.query, { quiet: true }),
    placeholderData: keepPreviousData,
    // An import under way moves on: the list follows it.
    refetchInterval: (query) => (query.state.data?.rows.some((r) => r.status === 4) ? 3000 : false),
  });
  const { keyword, filters } = list.state;

  const remove = (r: Row) =>
    modal.confirm({
      title: '确定删除该导入记录？',
      content: '删除后不能恢复；已导入的会员不受影响。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await api.memberImport.DelImport({ ids: [r.id] });
        message.success('删除成功');
        await q.refetch();
      },
    });

  const columns: ColumnsType<Row> = [
    { title: '文件名', dataIndex: 'fileName', width: 220, ellipsis: true },
    { title: '上传时间', dataIndex: 'createTime', width: 170 },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number, r) => statusBadge(v, r.statusText) },
    { title: '总行数', key: 'total', width: 80, render: (_: unknown, r) => r.counts.total },
    {
      title: '错误行',
      key: 'bad',
      width: 80,
      render: (_: unknown, r) => (r.counts.bad ? <Typography.Text type="danger">{r.counts.bad}</Typography.Text> : 0),
    },
    { title: '新增', dataIndex: 'created', width: 80 },
    { title: '更新', dataIndex: 'updated', width: 80 },
    { title: '跳过', dataIndex: 'skipped', width: 80 },
    { title: '完成时间', dataIndex: 'finishTime', width: 170, render: (v: string) => v || '—' },
    { title: '操作人', dataIndex: 'operator', width: 100, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(r.status === 1 ? `/member/addimport?id=${r.id}` : `/member/importdetail?id=${r.id}`)}
          >
            {r.status === 1 ? '继续' : '详情'}
          </Button>
          {canDelete && r.status !== 4 && (
            <Button type="link" size="small" danger onClick={() => remove(r)}>
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
        <ListSearch placeholder="文件名" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
          <Select
            aria-label="状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            onChange={(status) => list.search(keyword, { status })}
          />
        </ListSearch>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/member/addimport')}>
            新建导入
          </Button>
        )}
      </Space>
      <ListTable<Row>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{
          emptyText: q.isLoading
            ? '加载中…'
            : keyword || filters.status
              ? '没有符合条件的导入记录'
              : '还没有导入记录，点击「新建导入」上传会员表格',
        }}
      />
    </Card>
  );
}
