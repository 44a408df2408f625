import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { useDeleteStaff, useSetStaffStatus, useStaffList, useStaffOptions } from '../team.queries';
import { type StaffRowData, staffColumns } from './staff-columns';

const STATUS_OPTIONS = [
  { value: -1, label: '全部状态' },
  { value: 1, label: '启用' },
  { value: 0, label: '停用' },
];
const FILTERS = { roleId: '', status: -1 };

/** 员工管理: the enterprise's members, filtered and paged on the server; invite, edit, details, enable / disable, remove. */
export default function StaffListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const can = useCan();
  const list = useUrlListState(FILTERS);
  const q = useStaffList(list.query);
  const options = useStaffOptions();
  const setStaffStatus = useSetStaffStatus();
  const deleteStaff = useDeleteStaff();
  const [switching, setSwitching] = useState<ReadonlySet<string>>(new Set());
  const { keyword, filters } = list.state;

  const setStatus = async (r: StaffRowData, on: boolean) => {
    setSwitching((s) => new Set(s).add(r.id));
    try {
      await setStaffStatus.mutateAsync({ ids: [r.id], status: on ? 1 : 0 });
      message.success(on ? '启用成功' : '停用成功');
    } catch {
      // the reason is shown
    } finally {
      setSwitching((s) => {
        const next = new Set(s);
        next.delete(r.id);
        return next;
      });
    }
  };
  const onSwitch = (r: StaffRowData, on: boolean) =>
    modal.confirm({
      title: on ? `确定启用员工「${r.name}」?` : `确定停用员工「${r.name}」?`,
      content: on ? '启用后该员工可以重新登录本企业。' : '停用后该员工会立即退出登录，且不能再登录本企业。',
      okText: '确定',
      cancelText: '取消',
      onOk: () => setStatus(r, on),
    });
  const onDelete = async (r: StaffRowData) => {
    try {
      await deleteStaff.mutateAsync([r.id]);
      message.success('删除成功!');
    } catch {
      // the reason is shown
    }
  };

  const columns = staffColumns({
    sortOrderOf: list.sortOrderOf,
    canEdit: can('staffManagement', 'edit'),
    canDelete: can('staffManagement', 'delete'),
    switching,
    onSwitch,
    onEdit: (r) => navigate(`/EditStaff?id=${r.id}`),
    onShow: (r) => navigate(`/ShowStaff?id=${r.id}`),
    onDelete,
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="姓名 / 手机号" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
          <Select
            aria-label="岗位"
            value={filters.roleId}
            style={{ width: 160 }}
            loading={options.isLoading}
            options={[{ value: '', label: '全部岗位' }, ...(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))]}
            onChange={(roleId) => list.search(keyword, { roleId })}
          />
          <Select
            aria-label="状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            onChange={(status) => list.search(keyword, { status })}
          />
        </ListSearch>
        {can('staffManagement', 'edit') && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/EditStaff')}>
            添加员工
          </Button>
        )}
      </Space>
      <ListTable<StaffRowData>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        scroll={{ x: 1270 }}
        locale={{
          emptyText: q.isLoading
            ? '加载中…'
            : keyword || filters.roleId || filters.status !== -1
              ? '没有符合条件的员工'
              : '还没有员工，点击「添加员工」邀请',
        }}
      />
    </Card>
  );
}
