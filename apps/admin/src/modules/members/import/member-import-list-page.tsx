import { PlusOutlined } from '@ant-design/icons';
import { MEMBER_IMPORT_STATUS_TEXT } from '@contract/index';
import { App, Button, Card, Select, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCan } from '@/hooks/use-can';
import { ListSearch, ListTable, useUrlListState } from '@/shared';
import { type ImportRow, importColumns } from './import-columns';
import { useDeleteImport, useImportList } from './import.queries';

const STATUS_OPTIONS = [
  { value: 0, label: '全部状态' },
  ...Object.entries(MEMBER_IMPORT_STATUS_TEXT).map(([v, label]) => ({ value: Number(v), label })),
];

/** 会员导入: the imports, newest first, with 新建导入, 详情 and 删除. */
export default function MemberImportListPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useUrlListState({ status: 0 });
  const can = useCan();
  const canEdit = can('memberImport', 'edit');
  const canDelete = can('memberImport', 'delete');
  const q = useImportList(list.query);
  const deleteImport = useDeleteImport();
  const { keyword, filters } = list.state;

  const remove = (r: ImportRow) =>
    modal.confirm({
      title: '确定删除该导入记录？',
      content: '删除后不能恢复；已导入的会员不受影响。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteImport.mutateAsync(r.id);
        message.success('删除成功');
      },
    });

  const columns = importColumns({
    canDelete,
    onOpen: (r) => navigate(r.status === 1 ? `/member/addimport?id=${r.id}` : `/member/importdetail?id=${r.id}`),
    onDelete: remove,
  });

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch placeholder="文件名" initial={{ keyword }} onSearch={(v) => list.search(v.keyword)} onReset={list.reset}>
          <Select
            aria-label="状态"
            value={filters.status}
            options={STATUS_OPTIONS}
            style={{ width: 120 }}
            onChange={(status) => list.search(keyword, { status })}
          />
        </ListSearch>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 16 }} onClick={() => navigate('/member/addimport')}>
            新建导入
          </Button>
        )}
      </Space>
      <ListTable<ImportRow>
        rowKey="id"
        list={list}
        result={q}
        columns={columns}
        locale={{
          emptyText: q.isLoading
            ? '加载中…'
            : keyword || filters.status
              ? '没有符合条件的导入记录'
              : '还没有导入记录，点击「新建导入」上传会员表格',
        }}
      />
    </Card>
  );
}
