import type { contract, DataOf } from '@contract/index';
import { Badge, Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { FormLink } from './form-link';
import { Can } from '@/shared';
import { yuan } from '@/shared/money';

export type FormRowData = DataOf<typeof contract.forms.GetFromList>['rows'][number];

interface Options {
  sortOrderOf: (field: string) => 'ascend' | 'descend' | null;
  onEdit: (row: FormRowData) => void;
  onDelete: (row: FormRowData) => void;
}

/** Columns of /form; every sortable one sorts on the server. */
export function formColumns({ sortOrderOf, onEdit, onDelete }: Options): ColumnsType<FormRowData> {
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) });
  return [
    { title: '编号', dataIndex: 'frno', width: 110, ...sortable('frno') },
    { title: '表单名称', dataIndex: 'formName', ellipsis: true, ...sortable('formName') },
    {
      title: '类型',
      dataIndex: 'needPay',
      width: 110,
      ...sortable('needPay'),
      render: (v: number, r) => (v === 1 ? <Tag color="orange">付费 {yuan(r.price)}</Tag> : <Tag>免费</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      ...sortable('state'),
      render: (v: number) => (v === 1 ? <Badge status="success" text="生效" /> : <Badge status="default" text="失效" />),
    },
    {
      title: '提交量',
      dataIndex: 'applyCount',
      width: 100,
      ...sortable('applyCount'),
      render: (v: number, r) => <Link to={`/formdata?id=${r.formID}`}>{v}</Link>,
    },
    { title: '创建时间', dataIndex: 'createTime', width: 170, ...sortable('createTime') },
    {
      title: '操作',
      key: 'op',
      width: 230,
      render: (_, r) => (
        <Space size={0}>
          <Can menu="form" op="edit">
            <Button type="link" size="small" onClick={() => onEdit(r)}>
              编辑
            </Button>
          </Can>
          <Link to={`/formdata?id=${r.formID}`} className="ant-btn ant-btn-link ant-btn-sm">
            数据
          </Link>
          <FormLink path={r.fillUrl} />
          <Can menu="form" op="delete">
            <Button type="link" size="small" danger onClick={() => onDelete(r)}>
              删除
            </Button>
          </Can>
        </Space>
      ),
    },
  ];
}
