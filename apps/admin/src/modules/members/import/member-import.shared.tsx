import { MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_HEADERS, type contract, type DataOf } from '@contract/index';
import { Badge, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

export type ImportView = DataOf<typeof contract.memberImport.UpLoadImport>;
export type ImportLine = DataOf<typeof contract.memberImport.GetCheckUserPhone>['rows'][number];

/** The field names as the mapping step shows them (the template's headers without the mark). */
export const FIELD_LABEL = Object.fromEntries(MEMBER_IMPORT_FIELDS.map((k) => [k, MEMBER_IMPORT_HEADERS[k].replace('*', '')])) as Record<
  string,
  string
>;

export function statusBadge(status: number, text: string) {
  const s = ({ 1: 'default', 2: 'success', 3: 'default', 4: 'processing' } as const)[status as 1 | 2 | 3 | 4] ?? 'default';
  return <Badge status={s} text={text} />;
}

const RESULT_COLOR: Record<number, string> = { 0: 'green', 1: 'green', 2: 'blue', 3: 'orange', 4: 'red' };

/** The rows table's columns: row number, phone, name, the other mapped fields, result, message. */
export const lineColumns: ColumnsType<ImportLine> = [
  { title: '行号', dataIndex: 'row', width: 70 },
  { title: '手机号', dataIndex: 'phone', width: 130, render: (v: string) => v || '—' },
  { title: '姓名', dataIndex: 'name', width: 100, render: (v: string) => v || '—' },
  {
    title: '其他资料',
    key: 'data',
    render: (_: unknown, r) =>
      Object.entries(r.data)
        .filter(([k]) => k !== 'phone' && k !== 'name')
        .map(([k, v]) => `${FIELD_LABEL[k] ?? k}：${v}`)
        .join('；') || '—',
  },
  {
    title: '结果',
    dataIndex: 'resultText',
    width: 120,
    render: (v: string, r) => <Tag color={RESULT_COLOR[r.result] ?? 'default'}>{v}</Tag>,
  },
  {
    title: '说明',
    dataIndex: 'error',
    width: 260,
    render: (v: string) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '—'),
  },
];
