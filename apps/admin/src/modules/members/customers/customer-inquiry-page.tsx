import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Form, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton, ListTable, useUrlListState } from '@/shared';
import { AddMemberModal } from './add-member-modal';
import { GroupModal, TagModal } from './bulk-modals';
import { customerColumns, type CustomerRow } from './customer-columns';
import { advancedCount, type FilterValues, filterRequest } from './customer-filter';
import { CustomerSearchForm, type FormValues } from './customer-search-form';
import { CustomerSums } from './customer-sums';
import { useAuditCustomers, useCustomerList, useCustomerSums, useFindOptions } from './customers.queries';
import { CustomerExportButton } from './export-button';

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
  const auditCustomers = useAuditCustomers();
  const [form] = Form.useForm<FormValues>();
  const [advanced, setAdvanced] = useState(() => advancedCount(list.state.filters.f) > 0);
  const [selected, setSelected] = useState<string[]>([]);
  const [modalOpen, setModalOpen] = useState<'tag' | 'untag' | 'group' | 'add' | null>(null);

  const apply = (v: FilterValues) => {
    setSelected([]);
    list.search('', { f: v });
  };
  const reset = () => {
    setSelected([]);
    list.reset();
  };
  const done = () => {
    setModalOpen(null);
    setSelected([]);
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
          const r = await auditCustomers.mutateAsync({ ids, pass });
          message.success(pass ? `已通过${r.changed}个会员` : `已拒绝${r.changed}个会员`);
          done();
        } catch {
          // shown by the api client
        }
      },
    });
  const columns = customerColumns({ sortOrderOf: list.sortOrderOf, canEdit, onAudit: (r: CustomerRow, pass) => auditRows([r.id], pass) });
  const selectedWaiting = (q.data?.rows ?? []).filter((r) => selected.includes(r.id) && r.audit === 0).map((r) => r.id);
  const nAdvanced = advancedCount(list.state.filters.f);

  return (
    <Card>
      <CustomerSearchForm
        form={form}
        initial={list.state.filters.f}
        options={options.data}
        advanced={advanced}
        advancedCount={nAdvanced}
        onToggleAdvanced={() => setAdvanced((a) => !a)}
        onApply={apply}
        onReset={reset}
      />

      <CustomerSums sums={sums} />

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
