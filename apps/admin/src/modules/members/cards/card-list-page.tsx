import { PlusOutlined } from '@ant-design/icons';
import { VIP_CARD_LIST_STATUS } from '@contract/index';
import { App, Button, Card, Space, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { Can, ListSearch, ListTable, useUrlListState } from '@/shared';
import { type CardRowData, cardColumns } from './card-columns';
import { useCardList, useDeleteCard, useSwitchCard } from './cards.queries';
import { HoldersDrawer } from './holders-drawer';

type ListStatus = (typeof VIP_CARD_LIST_STATUS)[number];
const TAB_LABELS: Record<ListStatus, string> = { all: '全部', on: '启用中', off: '已停用' };

/** 权益卡 (/equityCard): the cards with status tabs, enable/forbid, delete, and each card's 领取记录. */
export default function CardListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const initial = useMemo(() => ({ status: 'all' as ListStatus }), []);
  const list = useUrlListState(initial);
  const q = useCardList(list.query);
  const switchCard = useSwitchCard();
  const deleteCard = useDeleteCard();
  const can = useCan();
  const canEdit = can('equityCard', 'edit');
  const [switching, setSwitching] = useState<string | null>(null);
  const [holdersOf, setHoldersOf] = useState<CardRowData | null>(null);

  const onSwitch = (row: CardRowData, on: boolean) =>
    modal.confirm({
      title: on ? `启用权益卡「${row.name}」？` : `停用权益卡「${row.name}」？`,
      content: on ? '启用后会员可以领取，商家可以发放。' : '停用后不再发放和领取；已领取的会员在有效期内仍可使用。',
      okText: on ? '启用' : '停用',
      cancelText: '取消',
      okButtonProps: { danger: !on },
      onOk: async () => {
        setSwitching(row.id);
        try {
          await switchCard.mutateAsync({ id: row.id, status: on ? 1 : 0 });
          message.success(on ? '已启用' : '已停用');
        } catch {
          // the reason is shown
        } finally {
          setSwitching(null);
        }
      },
    });

  const onDelete = (row: CardRowData) =>
    modal.confirm({
      title: `删除权益卡「${row.name}」？`,
      content: row.holderCount > 0 ? '该权益卡已有会员领取，不能删除，可以停用。' : '删除后不可恢复。',
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true, disabled: row.holderCount > 0 },
      onOk: async () => {
        try {
          await deleteCard.mutateAsync(row.id);
          message.success('删除成功');
        } catch {
          // the reason is shown
        }
      },
    });

  const columns = cardColumns({
    sortOrderOf: list.sortOrderOf,
    canEdit,
    switching,
    onSwitch,
    onHolders: setHoldersOf,
    onEdit: (r) => navigate(`/addrights?id=${r.id}`),
    onDelete,
  });

  return (
    <Card title="权益卡">
      <Tabs
        activeKey={list.state.filters.status}
        onChange={(k) => list.search(list.state.keyword, { status: k as ListStatus })}
        items={VIP_CARD_LIST_STATUS.map((k) => ({ key: k, label: TAB_LABELS[k] }))}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
        <ListSearch
          placeholder="权益卡名称"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        />
        <Can menu="equityCard" op="edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/addrights')}>
            新建权益卡
          </Button>
        </Can>
      </Space>
      <ListTable<CardRowData>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无权益卡，点击「新建权益卡」创建' }}
      />
      <HoldersDrawer card={holdersOf} onClose={() => setHoldersOf(null)} />
    </Card>
  );
}
