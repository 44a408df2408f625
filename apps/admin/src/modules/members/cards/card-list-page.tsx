import { PlusOutlined } from '@ant-design/icons';
import { type contract, type DataOf, VIP_CARD_LIST_STATUS } from '@contract/index';
import { App, Button, Card, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { Can, ListSearch, ListTable, useUrlListState } from '@/shared';
import { yuan } from '@/shared/money';
import { CardPreview } from './card-preview';
import { rightsLines } from '@/shared/member-rights';
import { useCardList, useInvalidateCards } from './cards.queries';
import { HoldersDrawer } from './holders-drawer';

export type CardRowData = DataOf<typeof contract.vipCards.list>['rows'][number];
type ListStatus = (typeof VIP_CARD_LIST_STATUS)[number];
const TAB_LABELS: Record<ListStatus, string> = { all: '全部', on: '启用中', off: '已停用' };

/** 权益卡 (/equityCard): the cards with status tabs, enable/forbid, delete, and each card's 领取记录. */
export default function CardListPage() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const initial = useMemo(() => ({ status: 'all' as ListStatus }), []);
  const list = useUrlListState(initial);
  const q = useCardList(list.query);
  const refresh = useInvalidateCards();
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
          await api.vipCards.forbidd({ id: row.id, status: on ? 1 : 0 });
          message.success(on ? '已启用' : '已停用');
          await refresh();
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
          await api.vipCards.delete({ id: row.id });
          message.success('删除成功');
          await refresh();
        } catch {
          // the reason is shown
        }
      },
    });

  const sortable = (key: string) => ({ key, sorter: true, sortOrder: list.sortOrderOf(key) });
  const columns: ColumnsType<CardRowData> = [
    {
      title: '权益卡',
      key: 'card',
      render: (_, r) => (
        <Space align="start">
          <CardPreview
            name={r.name}
            look={r.cover}
            rights={r.rights}
            validDays={r.validDays}
            price={r.price}
            needpay={r.needpay}
            width={120}
          />
          <Space direction="vertical" size={2}>
            <Typography.Text strong>{r.name}</Typography.Text>
            <Space size={4} wrap>
              {rightsLines(r.rights).map((x) => (
                <Tag key={x}>{x}</Tag>
              ))}
            </Space>
          </Space>
        </Space>
      ),
    },
    {
      title: '领取方式',
      dataIndex: 'price',
      width: 120,
      ...sortable('price'),
      render: (_, r) => (r.needpay === 1 ? `付费 ${yuan(r.price)}` : '免费领取'),
    },
    { title: '有效期', dataIndex: 'validText', width: 150 },
    {
      title: '持卡人数',
      dataIndex: 'holderCount',
      width: 110,
      ...sortable('holderCount'),
      render: (v: number, r) => (
        <Button type="link" size="small" onClick={() => setHoldersOf(r)}>
          {v}
        </Button>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 90,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.status === 1}
          loading={switching === r.id}
          disabled={!canEdit}
          aria-label={`${r.name}启用状态`}
          onChange={(on) => onSwitch(r, on)}
        />
      ),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(`/addrights?id=${r.id}`)}>
            {canEdit ? '编辑' : '查看'}
          </Button>
          <Button type="link" size="small" onClick={() => setHoldersOf(r)}>
            领取记录
          </Button>
          <Can menu="equityCard" op="delete">
            <Button type="link" size="small" danger onClick={() => onDelete(r)}>
              删除
            </Button>
          </Can>
        </Space>
      ),
    },
  ];

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
      <HoldersDrawer card={holdersOf} onClose={() => setHoldersOf(null)} onChanged={refresh} />
    </Card>
  );
}
