import { DownloadOutlined } from '@ant-design/icons';
import { contract, OPERLOG_MODULES } from '@contract/index';
import { Button, Card, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { callBlob } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { useOperlog, useOperlogStaff } from '../account.queries';
import { operlogColumns, type OperlogRow } from './operlog-columns';
import { OperlogDetailDrawer } from './operlog-detail-drawer';
import { saveBlob } from '@/shared/save-blob';

interface Filters {
  userId: string;
  module: string;
  stime: string;
  endtime: string;
}

const MODULE_OPTIONS = [{ value: '', label: '全部模块' }, ...Object.entries(OPERLOG_MODULES).map(([value, label]) => ({ value, label }))];

/** 操作日志: every write in the enterprise, filtered by who, module, action and time; detail and export. */
export default function OperlogPage() {
  const initial = useMemo<Filters>(() => ({ userId: '', module: '', stime: '', endtime: '' }), []);
  const list = useListState<Filters>(initial);
  const q = useOperlog(list.query);
  const staff = useOperlogStaff();
  const canExport = useCan()('operlog', 'export');
  const [detail, setDetail] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { keyword, filters } = list.state;
  const filtered = keyword !== '' || filters.userId !== '' || filters.module !== '' || filters.stime !== '';

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const r = await callBlob(contract.account.ExportOperlog, list.query);
      saveBlob(r.data, r.filename);
    } catch {
      // callBlob showed the message
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title="操作日志">
      <Space style={{ width: '100%', justifyContent: 'space-between', alignItems: 'flex-start' }} wrap>
        <ListSearch
          withRange
          placeholder="操作关键字"
          width={200}
          onSearch={(v) => list.search(v.keyword, { stime: v.stime, endtime: v.endtime })}
          onReset={list.reset}
        >
          <Select
            aria-label="操作人"
            value={filters.userId}
            style={{ width: 200 }}
            showSearch
            optionFilterProp="label"
            loading={staff.isLoading}
            options={[
              { value: '', label: '全部操作人' },
              ...(staff.data ?? []).map((s) => ({ value: s.userId, label: `${s.name} ${s.phone}` })),
            ]}
            onChange={(userId) => list.search(keyword, { userId })}
          />
          <Select
            aria-label="模块"
            value={filters.module}
            style={{ width: 140 }}
            options={MODULE_OPTIONS}
            onChange={(module) => list.search(keyword, { module })}
          />
        </ListSearch>
        {canExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportXlsx} style={{ marginBottom: 16 }}>
            导出
          </Button>
        )}
      </Space>
      <ListTable<OperlogRow>
        rowKey="id"
        list={list}
        result={q}
        columns={operlogColumns((r) => setDetail(r.id))}
        locale={{ emptyText: q.isLoading ? '加载中…' : filtered ? '没有符合条件的日志' : '暂无操作日志' }}
      />
      <OperlogDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
