import { SettingOutlined } from '@ant-design/icons';
import { AFTER_SALE_TABS, AFTER_SALE_TYPE_TEXT, type contract, type DataOf } from '@contract/index';
import { Button, Card, Col, Empty, Form, Image, Input, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ALL_TIME, type DateRangeValue, DateRangePicker, ListTable, useUrlListState } from '@/shared';
import { yuan } from '@/shared/money';
import { AFTER_SALE_COLOR, type AfterSaleUrlFilters, afterSaleRequest, INITIAL_FILTERS, keywordKind } from './after-sale-filter';
import { useAfterSales } from './after-sales.queries';
import { SettingsModal } from './settings-modal';

export type AfterSaleRow = DataOf<typeof contract.afterSale.serverlist>['rows'][number];

const TYPE_OPTIONS = [
  { value: 0, label: '全部' },
  ...Object.entries(AFTER_SALE_TYPE_TEXT).map(([v, label]) => ({ value: Number(v), label })),
];

interface FormValues {
  keyword: string;
  type: number;
  range?: DateRangeValue;
}

/** The filters: keyword (售后单号 / 订单编号 / 买家手机号), type, application time. */
function FilterForm({
  keyword,
  filters,
  onSearch,
  onReset,
}: {
  keyword: string;
  filters: AfterSaleUrlFilters;
  onSearch: (keyword: string, f: Omit<AfterSaleUrlFilters, 'tab'>) => void;
  onReset: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const initial: FormValues = {
    keyword,
    type: filters.type,
    range:
      filters.stime && filters.endtime
        ? { stime: filters.stime, endtime: filters.endtime, timename: filters.timename || '自定义' }
        : undefined,
  };
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(v) =>
        onSearch(v.keyword?.trim() ?? '', {
          type: v.type ?? 0,
          stime: v.range?.stime ?? '',
          endtime: v.range?.endtime ?? '',
          timename: v.range && v.range.timename !== ALL_TIME ? v.range.timename : '',
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12} xl={7}>
          <Form.Item
            label="关键字"
            name="keyword"
            rules={[
              {
                validator: (_, v: string) =>
                  !v?.trim() || keywordKind(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error('请输入售后单号、订单编号或买家手机号')),
              },
            ]}
          >
            <Input allowClear placeholder="售后单号 / 订单编号 / 买家手机号" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} xl={4}>
          <Form.Item label="售后类型" name="type">
            <Select options={TYPE_OPTIONS} aria-label="售后类型" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Form.Item label="申请时间" name="range">
            <DateRangePicker allowAll />
          </Form.Item>
        </Col>
      </Row>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue({ keyword: '', type: 0, range: undefined });
            onReset();
          }}
        >
          重置
        </Button>
      </Space>
    </Form>
  );
}

function columns(sortOrderOf: (f: string) => 'ascend' | 'descend' | null): ColumnsType<AfterSaleRow> {
  return [
    {
      title: '售后单号 / 申请时间',
      key: 'createTime',
      width: 190,
      sorter: true,
      sortOrder: sortOrderOf('createTime'),
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <span>{r.afterSaleNo}</span>
          <Typography.Text type="secondary">{r.createTime}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      width: 240,
      render: (_, r) => (
        <Space align="start">
          <Image
            src={r.items[0]?.image || undefined}
            width={40}
            height={40}
            preview={false}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 170 }}>
            {r.items.map((i) => `${i.title} ×${i.qty}`).join('，')}
          </Typography.Paragraph>
        </Space>
      ),
    },
    {
      title: '订单编号',
      key: 'order',
      width: 190,
      render: (_, r) => <Link to={`/GoodsOrderDetail?id=${r.orderId}`}>{r.orderNo}</Link>,
    },
    { title: '买家手机号', dataIndex: 'memberPhone', width: 120, render: (v: string) => v || '—' },
    { title: '类型', dataIndex: 'typeText', width: 90 },
    { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true },
    {
      title: '申请金额',
      dataIndex: 'amount',
      key: 'amount',
      width: 110,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('amount'),
      render: (v: number, r) => (r.type === 3 ? '—' : yuan(v)),
    },
    {
      title: '状态',
      key: 'status',
      width: 150,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={AFTER_SALE_COLOR[r.status]}>{r.statusText}</Tag>
          {r.deadline && <Typography.Text type="secondary">{r.deadline} 前</Typography.Text>}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      fixed: 'right',
      render: (_, r) => <Link to={`/SalesProtection/detail?id=${r.id}`}>处理</Link>,
    },
  ];
}

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
      <FilterForm keyword={keyword} filters={filters} onSearch={(k, f) => list.search(k, f)} onReset={() => list.reset()} />
      <Tabs
        activeKey={String(body.tab)}
        onChange={(k) => list.search(keyword, { tab: Number(k) })}
        items={AFTER_SALE_TABS.map((t) => ({ key: String(t.tab), label: counts.has(t.tab) ? `${t.text} (${counts.get(t.tab)})` : t.text }))}
      />
      <ListTable<AfterSaleRow>
        list={list}
        result={q}
        rowKey="id"
        columns={columns(list.sortOrderOf)}
        locale={{ emptyText: q.isLoading ? '加载中…' : <Empty description={narrowed ? '没有符合条件的售后单' : '暂无售后申请'} /> }}
      />
      <SettingsModal open={settings} onClose={() => setSettings(false)} />
    </Card>
  );
}
