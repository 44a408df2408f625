import { PlusOutlined } from '@ant-design/icons';
import { GOODS_LIST_STATUS, type TreeSelNode } from '@contract/index';
import { Button, Card, Col, Empty, Row, Segmented, Space, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Can, ListSearch, Pager, useListState } from '@/shared';
import { useCategoryOptions } from '../cate-list/categories.queries';
import { useGoodsCards } from '../goods.queries';
import { GoodsCard } from './goods-card';

type ListStatus = (typeof GOODS_LIST_STATUS)[number];

const STATUS_LABELS: Record<ListStatus, string> = {
  all: '全部',
  on_sale: '出售中',
  sold_out: '已售罄',
  off_shelf: '已下架',
  scheduled: '定时开售',
};
const ALL = '__all__';
const PAGE_SIZES = [12, 24, 48, 96];

const toTree = (nodes: TreeSelNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n.value, title: n.title, children: n.children ? toTree(n.children) : undefined }));

/** 商品: the catalogue at a glance — the category tree on the left, goods cards on the right (search, status, paging). */
export default function GlistPage() {
  const navigate = useNavigate();
  const initial = useMemo<{ status: ListStatus; categoryId?: string }>(() => ({ status: 'all' }), []);
  const list = useListState(initial, PAGE_SIZES[0]);
  const q = useGoodsCards(list.query);
  const categories = useCategoryOptions();
  const tree = useMemo(() => [{ key: ALL, title: '全部分类', children: toTree(categories.data ?? []) }], [categories.data]);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const rows = q.data?.rows ?? [];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="240px">
        <Card title="商品分类" size="small" styles={{ body: { padding: 8, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' } }}>
          {categories.isLoading ? (
            <Spin />
          ) : (
            <Tree
              blockNode
              treeData={tree}
              expandedKeys={expanded ?? [ALL]}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={[list.state.filters.categoryId ?? ALL]}
              onSelect={(keys) => {
                const key = keys[0] === undefined ? ALL : String(keys[0]);
                list.search(list.state.keyword, { categoryId: key === ALL ? undefined : key });
              }}
            />
          )}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card>
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <ListSearch placeholder="商品名称 / 编号 / 条形码" onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
              <Segmented<ListStatus>
                value={list.state.filters.status}
                options={GOODS_LIST_STATUS.map((k) => ({ value: k, label: STATUS_LABELS[k] }))}
                onChange={(status) => list.search(list.state.keyword, { status })}
              />
            </ListSearch>
            <Can menu="Goodlist" op="edit">
              <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/addgoods')}>
                发布商品
              </Button>
            </Can>
          </Space>
          <Spin spinning={q.isFetching}>
            {rows.length === 0 ? (
              <Empty style={{ padding: 48 }} description={q.isLoading ? '加载中…' : '没有符合条件的商品'} />
            ) : (
              <Row gutter={[16, 16]}>
                {rows.map((c) => (
                  <Col key={c.id} xs={12} md={8} xl={6} xxl={4}>
                    <GoodsCard card={c} onOpen={() => navigate(`/editfrom?id=${c.id}`)} />
                  </Col>
                ))}
              </Row>
            )}
          </Spin>
          <Pager
            total={q.data?.total_count ?? 0}
            pageIndex={list.state.page_index}
            pageSize={list.state.page_size}
            pageSizeOptions={PAGE_SIZES}
            onChange={list.setPage}
          />
        </Card>
      </Col>
    </Row>
  );
}
