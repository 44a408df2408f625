import type { contract, DataOf } from '@contract/index';
import { Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { yuanSpan } from '@/shared/money';
import { GoodsThumb } from '../goods-thumb';

/** A goods as the picker answers it: with its SKUs (id, spec text, price, stock). */
export type PickedGoods = DataOf<typeof contract.goodsViews.GetAvailableGoods>['rows'][number];

/** Columns of the goods picker: goods (image, title, SKU count or number), price, stock. */
export const goodsPickerColumns: ColumnsType<PickedGoods> = [
  {
    title: '商品',
    key: 'goods',
    render: (_, r) => (
      <Space>
        <GoodsThumb src={r.mainImage} size={40} preview={false} />
        <Space direction="vertical" size={0}>
          <Typography.Text ellipsis style={{ maxWidth: 280 }}>
            {r.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.skus.length > 1 ? `${r.skus.length}个规格` : r.goodsNo}
          </Typography.Text>
        </Space>
      </Space>
    ),
  },
  {
    title: '价格',
    key: 'price',
    width: 160,
    render: (_, r) => yuanSpan(r.minPrice, r.maxPrice),
  },
  { title: '库存', dataIndex: 'totalStock', width: 80 },
];
