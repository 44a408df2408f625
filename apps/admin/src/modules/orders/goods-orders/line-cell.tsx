import { Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { yuan } from '@/shared/money';

interface LineLike {
  image: string;
  title: string;
  skuText: string;
  activityTag?: string;
}

/** A bought line as tables show it: the image, the title, the spec text and the activity it was bought in (限时折扣 / 秒杀). */
export function LineCell({ l }: { l: LineLike }) {
  return (
    <Space>
      <Image src={l.image || undefined} width={48} height={48} preview={false} style={{ objectFit: 'cover', borderRadius: 4 }} />
      <span>
        {l.title}
        {l.skuText && <Typography.Text type="secondary">（{l.skuText}）</Typography.Text>}
        {l.activityTag && (
          <Tag color="red" style={{ marginLeft: 6 }}>
            {l.activityTag}
          </Tag>
        )}
      </span>
    </Space>
  );
}

/** The 商品 and 单价 columns of a table of bought lines (the goods order's detail, the after-sale request's items). */
export function goodsPriceColumns<T extends LineLike & { price: number }>(): ColumnsType<T> {
  return [
    { title: '商品', key: 'goods', render: (_, l) => <LineCell l={l} /> },
    { title: '单价', dataIndex: 'price', width: 110, align: 'right', render: (v: number) => yuan(v) },
  ];
}
