import { SettingOutlined } from '@ant-design/icons';
import { AFTER_SALE_TABS } from '@contract/index';
import { Button, Card, Empty, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { ListTable, useUrlListState } from '@/shared';
import { type AfterSaleRow, afterSaleColumns } from './after-sale-columns';
import { afterSaleRequest, INITIAL_FILTERS } from './after-sale-filter';
import { AfterSaleFilterForm } from './after-sale-filter-form';
import { useAfterSales } from './after-sales.queries';
import { SettingsModal } from './settings-modal';

/** 售后维权: state tabs with counts, filters kept in the address, server paging and sorting, the 售后设置 dialog. */
export default function AfterSaleListPage() {
  const canEdit = useCan()('SalesProtection', 'edit');
  const list = useUrlListState(INITIAL_FILTERS, 20);
  const { keyword, filters } = list.state;
  const body = useMemo(() => afterSaleRequest(keyword, filters), [keyword, filters]);
  const q = useAfterSales({ page_index: list.state.page_index, page_size: list.state.page_size, sorter: list.state.sorter, ...body });
  const [settings, setSettings] = useState(false);
  const counts = new Map((q.data?.tabs ?? []).map((t) => [t.tab, t.count]));
  const narrowed = Boolean(body.keyword || body.type || body.stime);

  return (
    <Card
      title="售后维权"
      extra={
        canEdit && (
          <Button icon={<SettingOutlined />} onClick={() => setSettings(true)}>
            售后设置
          </Button>
        )
      }
    >
      <AfterSaleFilterForm keyword={keyword} filters={filters} onSearch={(k, f) => list.search(k, f)} onReset={() => list.reset()} />
      <Tabs
        activeKey={String(body.tab)}
        onChange={(k) => list.search(keyword, { tab: Number(k) })}
        items={AFTER_SALE_TABS.map((t) => ({ key: String(t.tab), label: counts.has(t.tab) ? `${t.text} (${counts.get(t.tab)})` : t.text }))}
      />
      <ListTable<AfterSaleRow>
        list={list}
        result={q}
        rowKey="id"
        columns={afterSaleColumns(list.sortOrderOf)}
        locale={{ emptyText: q.isLoading ? '加载中…' : <Empty description={narrowed ? '没有符合条件的售后单' : '暂无售后申请'} /> }}
      />
      <SettingsModal open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}
