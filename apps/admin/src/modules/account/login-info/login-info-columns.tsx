import type { contract, DataOf } from '@contract/index';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type LoginLogRow = DataOf<typeof contract.account.GetLoginLogList>['rows'][number];

/** Columns of /logininfor. */
export const loginInfoColumns: ColumnsType<LoginLogRow> = [
  { title: '登录时间', dataIndex: 'time', width: 180 },
  { title: 'IP地址', dataIndex: 'ip', width: 150, render: (v: string) => v || '—' },
  { title: '设备', key: 'device', render: (_, r) => `${r.device} · ${r.os}` },
  { title: '浏览器', dataIndex: 'browser', width: 140 },
  { title: '登录方式', dataIndex: 'wayText', width: 120 },
  {
    title: '结果',
    key: 'result',
    width: 220,
    render: (_, r) => (
      <>
        <Tag color={r.ok ? 'success' : 'error'}>{r.result}</Tag>
        {r.reason && <Typography.Text type="secondary">{r.reason}</Typography.Text>}
      </>
    ),
  },
];
