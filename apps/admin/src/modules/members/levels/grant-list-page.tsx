import type { contract, DataOf } from '@contract/index';
import { Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ListTable, useUrlListState } from '@/shared';
import { yuan } from '@/shared/money';
import { recordQuery, RecordSearch } from './record-search';
import { useGrantList, useLevelPicks } from './levels.queries';

type Row = DataOf<typeof contract.levels.GetRecordList>['rows'][number];

/** /lv/buyrecord 等级购买记录: paid levels bought or set by staff, by level, member phone and time. */
export default function GrantListPage() {
  const list = useUrlListState<{ levelId?: string; start: string; end: string }>({ levelId: undefined, start: '', end: '' });
  const { keyword, filters } = list.state;
  const q = useGrantList({
    ...recordQuery(list),
    levelId: filters.levelId || undefined,
  });
  const picks = useLevelPicks();
  const paid = (picks.data ?? []).filter((l) => l.needpay === 1);
  const columns: ColumnsType<Row> = [
    { title: '会员', key: 'member', render: (_: unknown, r) => `${r.nickname} ${r.phone}` },
    { title: '等级', dataIndex: 'levelName' },
    { title: '来源', dataIndex: 'sourceText', render: (v: string, r) => <Tag color={r.source === 1 ? 'blue' : 'default'}>{v}</Tag> },
    {
      title: '金额',
      dataIndex: 'amount',
      key: 'amount',
      sorter: true,
      sortOrder: list.sortOrderOf('amount'),
      render: (v: number) => yuan(v),
    },
    { title: '生效时间', dataIndex: 'startTime' },
    { title: '到期时间', dataIndex: 'expireTime', key: 'expireTime', sorter: true, sortOrder: list.sortOrderOf('expireTime') },
    { title: '操作人', dataIndex: 'operator' },
    { title: '时间', dataIndex: 'createTime', key: 'createTime', sorter: true, sortOrder: list.sortOrderOf('createTime') },
  ];
  return (
    <Card>
      <RecordSearch list={list}>
        <Select
          aria-label="等级"
          allowClear
          placeholder="全部等级"
          value={filters.levelId}
          options={paid.map((l) => ({ value: l.id, label: l.name }))}
          style={{ width: 160 }}
          onChange={(levelId) => list.search(keyword, { levelId })}
        />
      </RecordSearch>
      <ListTable<Row>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无购买记录（付费等级的购买随订单功能上线）' }}
      />
    </Card>
  );
}
