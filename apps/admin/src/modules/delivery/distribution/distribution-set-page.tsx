import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space, Spin, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useListState } from '@/shared';
import { useDeletePick, useDeliverySettings, usePickList, useSetPickState } from '../delivery.queries';
import { LocalForm } from './local-form';
import { MethodSwitch } from './method-switch';
import { type PickRow, pickColumns } from './pick-columns';

const NO_FILTERS = {};

/** 配送设置: 快递发货 / 到店自提 (with its pick-up points) / 同城配送, each on or off (at least one on). */
export default function DistributionSetPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const canEdit = can('distributionSet', 'edit');
  const canDelete = can('distributionSet', 'delete');
  const settings = useDeliverySettings();
  const list = useListState(NO_FILTERS);
  const picks = usePickList(list.query);
  const setPickState = useSetPickState();
  const deletePick = useDeletePick();

  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
    } catch {
      // the reason is shown
    }
  };

  const s = settings.data;
  if (!s)
    return (
      <Card title="配送设置">{settings.isLoading ? <Spin /> : <Typography.Text type="danger">配送设置加载失败</Typography.Text>}</Card>
    );

  const columns = pickColumns({
    canEdit,
    canDelete,
    onEdit: (r: PickRow) => navigate(`/EditPickUp?id=${r.id}`),
    onState: (r, status) => act(() => setPickState.mutateAsync({ id: r.id, status }), status === 1 ? '启用成功' : '停用成功'),
    onDelete: (r) => act(() => deletePick.mutateAsync(r.id), '删除成功!'),
  });

  return (
    <Card title="配送设置">
      <Tabs
        items={[
          {
            key: 'express',
            label: '快递发货',
            children: (
              <Space direction="vertical" size="large">
                <MethodSwitch method="express" on={s.express === 1} canEdit={canEdit} />
                <Typography.Text type="secondary">买家下单时可选择快递发货，运费按商品的统一邮费或运费模板计算。</Typography.Text>
              </Space>
            ),
          },
          {
            key: 'pickup',
            label: '到店自提',
            children: (
              <Space direction="vertical" size="large" style={{ width: '100%' }}>
                <MethodSwitch method="pickup" on={s.pickup === 1} canEdit={canEdit} />
                <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
                  <ListSearch placeholder="自提点名称 / 地址 / 电话" onSearch={(v) => list.search(v.keyword)} onReset={list.reset} />
                  {canEdit && (
                    <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/EditPickUp')}>
                      新增自提点
                    </Button>
                  )}
                </Space>
                <ListTable<PickRow>
                  rowKey="id"
                  list={list}
                  result={picks}
                  columns={columns}
                  locale={{
                    emptyText: picks.isLoading
                      ? '加载中…'
                      : list.state.keyword
                        ? '没有符合条件的自提点'
                        : '还没有自提点，点击「新增自提点」添加',
                  }}
                />
              </Space>
            ),
          },
          {
            key: 'local',
            label: '同城配送',
            children: (
              <Space direction="vertical" size="large" style={{ width: '100%' }}>
                <MethodSwitch method="local" on={s.local === 1} canEdit={canEdit} />
                <LocalForm initial={s} canEdit={canEdit} />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
