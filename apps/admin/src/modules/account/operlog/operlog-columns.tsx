import type { contract, DataOf } from '@contract/index';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type OperlogRow = DataOf<typeof contract.account.GetOperlogList>['rows'][number];

/** Columns of /operlog (newest first, the server's order). */
export function operlogColumns(onDetail: (row: OperlogRow) => void): ColumnsType<OperlogRow> {
  return [
    { title: '操作时间', dataIndex: 'createTime', width: 180 },
    {
      title: '操作人',
      key: 'who',
      width: 180,
      render: (_, r) => (
        <>
          <div>{r.userName || '—'}</div>
          <Typography.Text type="secondary">{r.phone}</Typography.Text>
        </>
      ),
    },
    { title: '模块', dataIndex: 'moduleName', width: 120 },
    { title: '操作', dataIndex: 'action' },
    {
      title: '记录',
      dataIndex: 'recordId',
      width: 200,
      ellipsis: true,
      render: (v: string) => (v ? <Typography.Text copyable={{ text: v }}>{v}</Typography.Text> : '—'),
    },
    { title: 'IP地址', dataIndex: 'ip', width: 140, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onDetail(r)}>
          详情
        </Button>
      ),
    },
  ];
}
