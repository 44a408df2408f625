import type { contract, DataOf } from '@contract/index';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';

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
    { title: '记录', key: 'record', width: 200, ellipsis: true, render: (_, r) => <RecordName row={r} /> },
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

/** The record's name, linked to its screen while it exists; '—' when the entry names none. */
export function RecordName({ row }: { row: Pick<OperlogRow, 'recordName' | 'recordLink'> }) {
  if (!row.recordName) return <>—</>;
  if (!row.recordLink) return <Typography.Text>{row.recordName}</Typography.Text>;
  return <Link to={row.recordLink}>{row.recordName}</Link>;
}
