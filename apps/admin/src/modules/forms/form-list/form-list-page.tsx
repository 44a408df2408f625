import { PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Can, DebouncedButton, ListSearch, ListTable, useUrlListState } from '@/shared';
import { useDeleteForms, useFormList, useSetFormsState } from '../forms.queries';
import { formColumns, type FormRowData } from './form-columns';

const NO_FILTERS = {};

/** 表单: keyword filter, sortable columns, bulk delete / enable / disable, per-row edit and delete. */
export default function FormListPage() {
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const list = useUrlListState(NO_FILTERS);
  const q = useFormList(list.query);
  const deleteForms = useDeleteForms();
  const setFormsState = useSetFormsState();
  const [selected, setSelected] = useState<string[]>([]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    await work();
    message.success(done);
    setSelected([]);
  };
  const remove = (ids: string[], single: boolean) =>
    modal.confirm({
      title: single ? '确定删除当前当前数据?' : '确定删除选中的数据?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => run(() => deleteForms.mutateAsync(ids), '删除成功!').catch(() => undefined),
    });
  const setState = (status: 0 | 1) =>
    modal.confirm({
      title: status === 1 ? '确定使选中的数据生效?' : '确定使选中的数据失效?',
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        run(() => setFormsState.mutateAsync({ ids: selected, status }), status === 1 ? '生效成功!' : '使失效成功!').catch(() => undefined),
    });

  const columns = formColumns({
    sortOrderOf: list.sortOrderOf,
    onEdit: (r: FormRowData) => navigate(`/FormResEdit?id=${r.formID}`),
    onDelete: (r: FormRowData) => remove([r.formID], true),
  });

  return (
    <Card>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <ListSearch
          placeholder="表单名称 / 编号"
          initial={{ keyword: list.state.keyword }}
          onSearch={(v) => list.search(v.keyword)}
          onReset={list.reset}
        />
        <Space wrap>
          <Can menu="form" op="edit">
            <DebouncedButton disabled={selected.length === 0} onClick={() => setState(1)}>
              批量生效
            </DebouncedButton>
            <DebouncedButton disabled={selected.length === 0} onClick={() => setState(0)}>
              批量失效
            </DebouncedButton>
          </Can>
          <Can menu="form" op="delete">
            <DebouncedButton danger disabled={selected.length === 0} onClick={() => remove(selected, false)}>
              批量删除
            </DebouncedButton>
          </Can>
          <Can menu="form" op="edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/FormResEdit')}>
              新建表单
            </Button>
          </Can>
        </Space>
      </Space>
      <ListTable<FormRowData>
        list={list}
        result={q}
        rowKey="formID"
        columns={columns}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: q.isLoading ? '加载中…' : '还没有表单，点击「新建表单」开始设计' }}
      />
    </Card>
  );
}
