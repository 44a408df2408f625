import { GROWTH_KIND_TEXT, type contract, type DataOf } from '@contract/index';
import { Card, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { useGrowthLog } from './levels.queries';

type Row = DataOf<typeof contract.levels.GetGroupLosgPage>['rows'][number];

const KIND_OPTIONS = [
  { value: 0, label: '全部来源' },
  ...Object.entries(GROWTH_KIND_TEXT).map(([k, v]) => ({ value: Number(k), label: v })),
];

/** /mebgrouplog 成长值记录: every member's growth changes, by phone, source and time, with the level before and after. */
export default function GrowthLogPage() {
  const list = useUrlListState({ kind: 0, start: '', end: '' });
  const { keyword, filters } = list.state;
  const q = useGrowthLog({
    page_index: list.state.page_index,
    page_size: list.state.page_size,
    sorter: list.state.sorter,
    phone: keyword,
    kind: filters.kind,
    start: filters.start,
    end: filters.end,
  });
  const columns: ColumnsType<Row> = [
    { title: '会员', key: 'member', render: (_: unknown, r) => `${r.nickname} ${r.phone}` },
    {
      title: '变动',
      dataIndex: 'change',
      key: 'change',
      sorter: true,
      sortOrder: list.sortOrderOf('change'),
      render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{v > 0 ? `+${v}` : v}</Typography.Text>,
    },
    { title: '变动后成长值', dataIndex: 'growthAfter' },
    { title: '来源', dataIndex: 'kindText' },
    { title: '原因', dataIndex: 'reason' },
    {
      title: '等级变化',
      key: 'level',
      render: (_: unknown, r) =>
        r.levelBefore === r.levelAfter ? r.levelAfter || '—' : `${r.levelBefore || '无'} → ${r.levelAfter || '无'}`,
    },
    { title: '操作人', dataIndex: 'operator' },
    { title: '时间', dataIndex: 'createTime', key: 'createTime', sorter: true, sortOrder: list.sortOrderOf('createTime') },
  ];
  return (
    <Card>
      <ListSearch
        placeholder="会员手机号"
        withRange
        initial={{ keyword, stime: filters.start, endtime: filters.end }}
        onSearch={(v) => list.search(v.keyword, { start: v.stime.slice(0, 10), end: v.endtime.slice(0, 10) })}
        onReset={list.reset}
      >
        <Select
          aria-label="来源"
          value={filters.kind}
          options={KIND_OPTIONS}
          style={{ width: 140 }}
          onChange={(kind) => list.search(keyword, { kind })}
        />
      </ListSearch>
      <ListTable<Row>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无成长值记录' }}
      />
    </Card>
  );
}
