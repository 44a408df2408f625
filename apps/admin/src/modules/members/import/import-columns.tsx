import type { contract, DataOf } from '@contract/index';
import { Button, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { statusBadge } from './member-import.shared';

export type ImportRow = DataOf<typeof contract.memberImport.GetImportPage>['rows'][number];

interface Options {
  canDelete: boolean;
  onOpen: (row: ImportRow) => void;
  onDelete: (row: ImportRow) => void;
}

/** The columns of 会员导入: file, times, status, counts, operator; 继续 (a checked import) or 详情, and 删除. */
export function importColumns(o: Options): ColumnsType<ImportRow> {
  return [
    { title: '文件名', dataIndex: 'fileName', width: 220, ellipsis: true },
    { title: '上传时间', dataIndex: 'createTime', width: 170 },
    { title: '状态', dataIndex: 'status', width: 100, render: (v: number, r) => statusBadge(v, r.statusText) },
    { title: '总行数', key: 'total', width: 80, render: (_: unknown, r) => r.counts.total },
    {
      title: '错误行',
      key: 'bad',
      width: 80,
      render: (_: unknown, r) => (r.counts.bad ? <Typography.Text type="danger">{r.counts.bad}</Typography.Text> : 0),
    },
    { title: '新增', dataIndex: 'created', width: 80 },
    { title: '更新', dataIndex: 'updated', width: 80 },
    { title: '跳过', dataIndex: 'skipped', width: 80 },
    { title: '完成时间', dataIndex: 'finishTime', width: 170, render: (v: string) => v || '—' },
    { title: '操作人', dataIndex: 'operator', width: 100, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => o.onOpen(r)}>
            {r.status === 1 ? '继续' : '详情'}
          </Button>
          {o.canDelete && r.status !== 4 && (
            <Button type="link" size="small" danger onClick={() => o.onDelete(r)}>
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];
}
