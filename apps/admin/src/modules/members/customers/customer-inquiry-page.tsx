import { DownOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Col, DatePicker, Empty, Form, Input, Row, Select, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { api } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { AmountInput, DebouncedButton, DigitsInput, ListTable, useUrlListState } from '@/shared';
import { AddMemberModal } from './add-member-modal';
import { GroupModal, TagModal } from './bulk-modals';
import { customerColumns, type CustomerRow } from './customer-columns';
import { advancedCount, type FilterValues, filterRequest, type RangeText } from './customer-filter';
import { useCustomerList, useCustomerSums, useFindOptions, useInvalidateCustomers } from './customers.queries';
import { CustomerExportButton } from './export-button';

/** The form as antd holds it: date ranges as dayjs. */
type FormValues = Omit<FilterValues, 'createTime' | 'memberTime' | 'lastOrderTime'> & {
  createTime?: [Dayjs | null, Dayjs | null] | null;
  memberTime?: [Dayjs | null, Dayjs | null] | null;
  lastOrderTime?: [Dayjs | null, Dayjs | null] | null;
};

const DAY = 'YYYY-MM-DD';
const DATES = ['createTime', 'memberTime', 'lastOrderTime'] as const;
const FIELDS = [
  'keyword',
  'kind',
  'levelIds',
  'tagIds',
  'cardIds',
  'groupId',
  'source',
  'sex',
  'status',
  'audit',
  ...DATES,
  'orderCount',
  'spend',
  'balance',
  'points',
  'growth',
] as const;

function toValues(f: FormValues): FilterValues {
  const out: FilterValues = { ...f } as FilterValues;
  for (const k of DATES) {
    const r = f[k];
    out[k] = r && (r[0] || r[1]) ? [r[0]?.format(DAY) ?? '', r[1]?.format(DAY) ?? ''] : undefined;
  }
  return out;
}
function toForm(v: FilterValues | undefined): FormValues {
  const out = { ...(v ?? {}) } as FormValues;
  for (const k of DATES) {
    const r = v?.[k];
    out[k] = r ? [r[0] ? dayjs(r[0]) : null, r[1] ? dayjs(r[1]) : null] : undefined;
  }
  return out;
}

/** A min – max pair of inputs (money or whole numbers) bound to one form field {min, max}. */
function RangeInput({
  value,
  onChange,
  money,
  label,
}: {
  value?: RangeText;
  onChange?: (v: RangeText) => void;
  money?: boolean;
  label: string;
}) {
  const Field = money ? AmountInput : DigitsInput;
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Field aria-label={`${label}最小值`} placeholder="最小" value={value?.min ?? ''} onChange={(min) => onChange?.({ ...value, min })} />
      <Input disabled style={{ width: 32, pointerEvents: 'none', textAlign: 'center' }} placeholder="~" />
      <Field aria-label={`${label}最大值`} placeholder="最大" value={value?.max ?? ''} onChange={(max) => onChange?.({ ...value, max })} />
    </Space.Compact>
  );
}

/** 客户查询: filters (advanced ones folded), the sums line, server paging and sorting, bulk tags / group, export, 添加会员, 审核. */
export default function CustomerInquiryPage() {
  const { modal, message } = App.useApp();
  const can = useCan();
  const canEdit = can('customerInquiry', 'edit');
  const canExport = can('customerInquiry', 'export');
  const list = useUrlListState<{ f: FilterValues | undefined }>({ f: undefined }, 20);
  const filters = useMemo(() => filterRequest(list.state.filters.f), [list.state.filters.f]);
  const query = { page_index: list.state.page_index, page_size: list.state.page_size, sorter: list.state.sorter, ...filters };
  const q = useCustomerList(query);
  const sums = useCustomerSums(filters);
  const options = useFindOptions();
  const refresh = useInvalidateCustomers();
  const [form] = Form.useForm<FormValues>();
  const [advanced, setAdvanced] = useState(() => advancedCount(list.state.filters.f) > 0);
  const [selected, setSelected] = useState<string[]>([]);
  const [modalOpen, setModalOpen] = useState<'tag' | 'untag' | 'group' | 'add' | null>(null);
  const o = options.data;

  const apply = (v: FormValues) => {
    setSelected([]);
    list.search('', { f: toValues(v) });
  };
  const reset = () => {
    // resetFields goes back to the values the page opened with; every field is emptied instead.
    form.setFieldsValue(Object.fromEntries(FIELDS.map((k) => [k, undefined])) as never);
    setSelected([]);
    list.reset();
  };
  const done = async () => {
    setModalOpen(null);
    setSelected([]);
    await refresh();
  };
  const auditRows = (ids: string[], pass: boolean) =>
    modal.confirm({
      title: pass ? '确定通过所选会员的审核？' : '确定拒绝所选会员？',
      content: pass ? undefined : '拒绝后该会员将无法享受会员权益。',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: !pass },
      onOk: async () => {
        try {
          const r = await api.clientQuery.AuditUser({ ids, pass });
          message.success(pass ? `已通过${r.changed}个会员` : `已拒绝${r.changed}个会员`);
          await done();
        } catch {
          // shown by the api client
        }
      },
    });
  const columns = customerColumns({ sortOrderOf: list.sortOrderOf, canEdit, onAudit: (r: CustomerRow, pass) => auditRows([r.id], pass) });
  const selectedWaiting = (q.data?.rows ?? []).filter((r) => selected.includes(r.id) && r.audit === 0).map((r) => r.id);
  const choice = (opts?: { value: number; label: string }[]) => (opts ?? []).map((x) => ({ value: x.value, label: x.label }));
  const named = (rows?: { id: string; name: string }[]) => (rows ?? []).map((x) => ({ value: x.id, label: x.name }));
  const nAdvanced = advancedCount(list.state.filters.f);

  return (
    <Card>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(list.state.filters.f)}
        onFinish={() => apply(form.getFieldsValue(true))}
      >
        <Row gutter={16}>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="关键字" name="keyword">
              <Input allowClear placeholder="手机号 / 姓名 / 昵称" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="客户类型" name="kind">
              <Select allowClear placeholder="全部" options={choice(o?.kinds)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="会员等级" name="levelIds">
              <Select
                mode="multiple"
                allowClear
                placeholder="全部"
                options={named(o?.levels)}
                optionFilterProp="label"
                maxTagCount="responsive"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} lg={6}>
            <Form.Item label="标签（包含任一）" name="tagIds">
              <Select
                mode="multiple"
                allowClear
                placeholder="全部"
                options={named(o?.tags)}
                optionFilterProp="label"
                maxTagCount="responsive"
              />
            </Form.Item>
          </Col>
        </Row>
        {advanced && (
          <Row gutter={16}>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="分组" name="groupId">
                <Select allowClear placeholder="全部" options={named(o?.groups)} optionFilterProp="label" showSearch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="权益卡" name="cardIds">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="全部"
                  options={named(o?.cards)}
                  optionFilterProp="label"
                  maxTagCount="responsive"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="来源" name="source">
                <Select allowClear placeholder="全部" options={choice(o?.sources)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="性别" name="sex">
                <Select allowClear placeholder="全部" options={choice(o?.sexes)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="状态" name="status">
                <Select allowClear placeholder="全部" options={choice(o?.statuses)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="审核状态" name="audit">
                <Select allowClear placeholder="全部" options={choice(o?.audits)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="注册时间" name="createTime">
                <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="成为会员时间" name="memberTime">
                <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="最近消费时间" name="lastOrderTime">
                <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="消费次数" name="orderCount">
                <RangeInput label="消费次数" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="累计消费（元）" name="spend">
                <RangeInput label="累计消费" money />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="储值余额（元）" name="balance">
                <RangeInput label="储值余额" money />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="积分" name="points">
                <RangeInput label="积分" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} lg={6}>
              <Form.Item label="成长值" name="growth">
                <RangeInput label="成长值" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={reset}>重置</Button>
          <Button type="link" onClick={() => setAdvanced((a) => !a)} icon={advanced ? <UpOutlined /> : <DownOutlined />}>
            {advanced ? '收起' : '高级筛选'}
            {!advanced && nAdvanced > 0 && <Badge count={nAdvanced} size="small" style={{ marginLeft: 4 }} />}
          </Button>
        </Space>
      </Form>

      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title="客户数" value={sums.data?.count ?? '-'} loading={sums.isLoading} />
        </Col>
        <Col span={6}>
          <Statistic title="累计消费（元）" value={sums.data?.spend ?? '-'} precision={2} loading={sums.isLoading} />
        </Col>
        <Col span={6}>
          <Statistic title="储值余额（元）" value={sums.data?.balance ?? '-'} precision={2} loading={sums.isLoading} />
        </Col>
        <Col span={6}>
          <Statistic title="积分" value={sums.data?.points ?? '-'} loading={sums.isLoading} />
        </Col>
      </Row>

      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Space wrap>
          {canEdit && (
            <>
              <DebouncedButton disabled={!selected.length} onClick={() => setModalOpen('tag')}>
                打标签
              </DebouncedButton>
              <DebouncedButton disabled={!selected.length} onClick={() => setModalOpen('untag')}>
                移除标签
              </DebouncedButton>
              <DebouncedButton disabled={!selected.length} onClick={() => setModalOpen('group')}>
                加入分组
              </DebouncedButton>
              {selectedWaiting.length > 0 && (
                <DebouncedButton onClick={() => auditRows(selectedWaiting, true)}>审核通过（{selectedWaiting.length}）</DebouncedButton>
              )}
            </>
          )}
          {selected.length > 0 && <Typography.Text type="secondary">已选 {selected.length} 个客户</Typography.Text>}
        </Space>
        <Space wrap>
          {canExport && <CustomerExportButton filters={filters} total={q.data?.total_count ?? 0} />}
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setModalOpen('add')}>
              添加会员
            </Button>
          )}
        </Space>
      </Space>

      <ListTable<CustomerRow>
        list={list}
        result={q}
        rowKey="id"
        columns={columns}
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }
            : undefined
        }
        locale={{
          emptyText: q.isLoading ? '加载中…' : <Empty description={Object.keys(filters).length ? '没有符合条件的客户' : '暂无客户'} />,
        }}
      />
      <TagModal open={modalOpen === 'tag'} attach ids={selected} onClose={() => setModalOpen(null)} onDone={done} />
      <TagModal open={modalOpen === 'untag'} attach={false} ids={selected} onClose={() => setModalOpen(null)} onDone={done} />
      <GroupModal open={modalOpen === 'group'} ids={selected} onClose={() => setModalOpen(null)} onDone={done} />
      <AddMemberModal open={modalOpen === 'add'} onClose={() => setModalOpen(null)} onDone={done} />
    </Card>
  );
}
