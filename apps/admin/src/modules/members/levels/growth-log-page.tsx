import { GROWTH_KIND_TEXT, type contract, type DataOf } from '@contract/index';
import { Card, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListTable, useUrlListState } from '@/shared';
import { recordQuery, RecordSearch } from './record-search';
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
    ...recordQuery(list),
    kind: filters.kind,
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
      <RecordSearch list={list}>
        <Select
          aria-label="来源"
          value={filters.kind}
          options={KIND_OPTIONS}
          style={{ width: 140 }}
          onChange={(kind) => list.search(keyword, { kind })}
        />
      </RecordSearch>
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
