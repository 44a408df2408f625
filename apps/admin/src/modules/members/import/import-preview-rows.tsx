import { Table, Tabs } from 'antd';
import { useState } from 'react';
import { useImportRows } from './import.queries';
import { type ImportView, lineColumns } from './member-import.shared';

const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'bad', label: '错误行' },
  { key: 'existing', label: '已是会员' },
];

/** The preview rows of an import, paged on the server. */
export function ImportPreviewRows({ view }: { view: ImportView }) {
  const [filter, setFilter] = useState(view.counts.bad ? 'bad' : 'all');
  const [page, setPage] = useState({ page_index: 1, page_size: 10 });
  const q = useImportRows(view, filter, page);
  return (
    <>
      <Tabs
        activeKey={filter}
        onChange={(k) => {
          setFilter(k);
          setPage((p) => ({ ...p, page_index: 1 }));
        }}
        items={FILTERS.map((f) => ({
          key: f.key,
          label: `${f.label}（${f.key === 'all' ? view.counts.total : f.key === 'bad' ? view.counts.bad : view.counts.existing}）`,
        }))}
      />
      <Table
        rowKey="row"
        size="small"
        columns={lineColumns}
        dataSource={q.data?.rows ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: filter === 'bad' ? '没有错误行' : '没有数据' }}
        pagination={{
          current: page.page_index,
          pageSize: page.page_size,
          total: q.data?.total_count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => `共 ${n} 行`,
          onChange: (page_index, page_size) => setPage({ page_index, page_size }),
        }}
      />
    </>
  );
}
