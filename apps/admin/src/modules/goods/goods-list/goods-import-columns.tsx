import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ImportBatch } from './goods-import.queries';

export type PreviewRow = ImportBatch['rows'][number];
export type ImportResult = NonNullable<ImportBatch['result']>;

/** What an import wrote, in one sentence. */
export const resultText = (r: ImportResult) =>
  [
    `新增${r.created}个商品`,
    `更新${r.updated}个商品`,
    r.unchanged ? `${r.unchanged}个商品无变化` : '',
    r.skipped ? `跳过${r.skipped}个有错误的商品` : '',
  ]
    .filter(Boolean)
    .join('，');

/** The preview of a checked file: one row a line of the sheet, with what the check found. */
export const importPreviewColumns: ColumnsType<PreviewRow> = [
  { title: '行号', dataIndex: 'row', width: 64 },
  { title: '商品名称', dataIndex: 'title', width: 160, ellipsis: true },
  {
    title: '商品编号',
    dataIndex: 'goodsNo',
    width: 110,
    render: (v: string) => v || <Typography.Text type="secondary">自动生成</Typography.Text>,
  },
  { title: '规格', dataIndex: 'specText', width: 110, render: (v: string) => v || '—' },
  { title: '售价', dataIndex: 'price', width: 80 },
  { title: '库存', dataIndex: 'stock', width: 70 },
  {
    title: '导入方式',
    dataIndex: 'action',
    width: 86,
    render: (v: PreviewRow['action']) => (v === 'update' ? <Tag color="blue">更新</Tag> : <Tag color="green">新增</Tag>),
  },
  {
    title: '校验结果',
    dataIndex: 'errors',
    render: (errors: string[], r) =>
      errors.length ? (
        <Space direction="vertical" size={0}>
          {errors.map((e) => (
            <Typography.Text key={e} type="danger">
              {e}
            </Typography.Text>
          ))}
        </Space>
      ) : r.goodsOk ? (
        <Typography.Text type="success">正确</Typography.Text>
      ) : (
        <Typography.Text type="warning">同一商品的其他行有错误</Typography.Text>
      ),
  },
];
