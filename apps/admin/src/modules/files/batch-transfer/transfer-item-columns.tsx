import type { TransferItem } from '@contract/index';
import { Image, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** Columns of a task's addresses: line, the saved image, the address, the result. */
export const transferItemColumns: ColumnsType<TransferItem> = [
  { title: '行', dataIndex: 'seq', width: 60 },
  {
    title: '图片',
    key: 'thumb',
    width: 90,
    render: (_, r) =>
      r.status === 1 && r.fileUrl ? (
        <Image
          src={r.thumbUrl || r.fileUrl}
          preview={{ src: r.fileUrl }}
          width={56}
          height={56}
          style={{ objectFit: 'cover' }}
          alt="转存的图片"
        />
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  {
    title: '图片地址',
    dataIndex: 'url',
    ellipsis: true,
    render: (url: string) => (
      <Typography.Link href={url} target="_blank" rel="noreferrer noopener" title={url}>
        {url}
      </Typography.Link>
    ),
  },
  {
    title: '结果',
    key: 'result',
    width: 280,
    render: (_, r) => {
      if (r.status === 1)
        return r.fileUrl ? <Tag color="success">成功</Tag> : <Typography.Text type="secondary">成功（已从素材库删除）</Typography.Text>;
      if (r.status === 2) return <Typography.Text type="danger">{r.error}</Typography.Text>;
      return <Tag>等待中</Tag>;
    },
  },
];
