import { PlusOutlined } from '@ant-design/icons';
import { POINTS_GOODS_LIST_STATUS } from '@contract/index';
import { App, Button, Card, Space, Tabs } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { Can, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useBusyIds } from '@/shared/use-busy-ids';
import { pointsGoodsColumns, type PointsGoodsRowData } from './points-goods-columns';
import { useDeletePointsGoods, usePointsGoodsList, useSetPointsGoodsStatus } from './points-goods.queries';
import { ReturnScoreForm } from './return-score-form';

type ListStatus = (typeof POINTS_GOODS_LIST_STATUS)[number];
const TAB_LABELS: Record<ListStatus, string> = { all: '全部', on_sale: '上架中', off_shelf: '已下架', sold_out: '已兑完' };
const PANES = { goods: '积分商品', returnScore: '购物返积分设置' } as const;
type Pane = keyof typeof PANES;

/** 积分商城商品 (/AGood): the points goods list with status tabs, and the 购物返积分 setting (?tab=returnScore). */
export default function PointsGoodsListPage() {
  const [params, setParams] = useSearchParams();
  const pane: Pane = params.get('tab') === 'returnScore' ? 'returnScore' : 'goods';
  return (
    <Card
      tabList={Object.entries(PANES).map(([key, tab]) => ({ key, tab }))}
      activeTabKey={pane}
      onTabChange={(k) => setParams(k === 'goods' ? {} : { tab: k }, { replace: true })}
    >
      {pane === 'goods' ? <PointsGoodsList /> : <ReturnScoreForm />}
    </Card>
  );
}

function PointsGoodsList() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const initial = useMemo(() => ({ status: 'all' as ListStatus }), []);
  const list = useUrlListState(initial);
  const q = usePointsGoodsList(list.query);
  const setStatus = useSetPointsGoodsStatus();
  const deleteGoods = useDeletePointsGoods();
  const switching = useBusyIds();

  const onSwitch = (row: PointsGoodsRowData, on: boolean) =>
    switching.run(row.id, async () => {
      try {
        await setStatus.mutateAsync({ ids: [row.id], status: on ? 1 : 0 });
        message.success(on ? '上架成功' : '下架成功');
      } catch {
        // the reason is shown
      }
    });
  const onDelete = async (row: PointsGoodsRowData) => {
    try {
      await deleteGoods.mutateAsync([row.id]);
      message.success('删除成功!');
    } catch {
      // the reason is shown
    }
  };

  const can = useCan();
  const columns = pointsGoodsColumns({
    canEdit: can('AGood', 'edit'),
    sortOrderOf: list.sortOrderOf,
    switching,
    onSwitch,
    onEdit: (r) => navigate(`/AGoodEdit?id=${r.id}`),
    onDelete,
  });

  return (
    <>
      <Tabs
        activeKey={list.state.filters.status}
        onChange={(k) => list.search(list.state.keyword, { status: k as ListStatus })}
        items={POINTS_GOODS_LIST_STATUS.map((k) => ({ key: k, label: TAB_LABELS[k] }))}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start" wrap>
        <ListSearch
          placeholder="积分商品名称"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        />
        <Can menu="AGood" op="edit">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/AGoodEdit')}>
            添加积分商品
          </Button>
        </Can>
      </Space>
      <ListTable<PointsGoodsRowData>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1200 }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '暂无积分商品，点击「添加积分商品」添加' }}
      />
    </>
  );
}
