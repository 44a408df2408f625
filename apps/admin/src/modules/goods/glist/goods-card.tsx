import type { contract, DataOf } from '@contract/index';
import { Card, Image, Space, Tag, Typography } from 'antd';
import { yuanSpan } from '@/shared/money';

type CardData = DataOf<typeof contract.goodsViews.GoodsPagelist>['rows'][number];

const priceText = (c: Pick<CardData, 'minPrice' | 'maxPrice'>) => yuanSpan(c.minPrice, c.maxPrice);

/** The status tag of a card: on sale with no stock left is 已售罄. */
function statusTag(c: CardData) {
  if (c.status === 1) return c.totalStock > 0 ? <Tag color="success">出售中</Tag> : <Tag color="warning">已售罄</Tag>;
  if (c.status === 2) return <Tag color="processing">定时开售</Tag>;
  return <Tag>已下架</Tag>;
}

/** One goods of /Glist: image, title, price, stock, status and category; a click opens it. */
export function GoodsCard({ card: c, onOpen }: { card: CardData; onOpen: () => void }) {
  return (
    <Card
      hoverable
      size="small"
      onClick={onOpen}
      aria-label={c.title}
      data-testid="goods-card"
      cover={
        c.mainImage ? (
          <Image src={c.mainImage} alt={c.title} preview={false} height={160} style={{ objectFit: 'cover' }} />
        ) : (
          <div
            style={{ height: 160, background: '#f5f5f5', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#bbb' }}
          >
            暂无图片
          </div>
        )
      }
    >
      <Typography.Paragraph strong ellipsis={{ rows: 2 }} style={{ minHeight: 44, marginBottom: 4 }} title={c.title}>
        {c.title}
      </Typography.Paragraph>
      <Typography.Text type="danger" strong>
        {priceText(c)}
      </Typography.Text>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          库存 {c.totalStock}
          {c.skuCount > 1 ? ` · ${c.skuCount}个规格` : ''}
        </Typography.Text>
        {statusTag(c)}
      </Space>
      {c.categoryName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {c.categoryName}
        </Typography.Text>
      )}
    </Card>
  );
}
