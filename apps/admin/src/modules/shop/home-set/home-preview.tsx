import { PlusCircleFilled, ShoppingCartOutlined } from '@ant-design/icons';
import type { HomeSet } from '@contract/index';
import './home-preview.css';

const SAMPLE = [
  { name: '红富士苹果 5斤装', price: '39.90', member: '35.90', original: '49.90', sales: 1280, stock: 56, soldOut: false },
  { name: '海南香蕉 3斤', price: '19.80', member: '17.80', original: '25.00', sales: 860, stock: 0, soldOut: true },
  { name: '赣南脐橙 10斤', price: '59.00', member: '53.00', original: '79.00', sales: 432, stock: 120, soldOut: false },
  { name: '阳光玫瑰葡萄 2斤', price: '45.00', member: '40.00', original: '58.00', sales: 215, stock: 18, soldOut: false },
];

function CartButton({ kind }: { kind: HomeSet['cartButton'] }) {
  if (kind === 'none') return null;
  if (kind === 'cart') return <ShoppingCartOutlined className="hp-cart" />;
  if (kind === 'plus') return <PlusCircleFilled className="hp-cart" />;
  return <span className="hp-buy">购买</span>;
}

/** A sketch of the customer's home page with these settings (sample goods), so a merchant sees what each choice does. */
export function HomePreview({ set }: { set: HomeSet }) {
  let goods = SAMPLE.filter((g) => !(set.soldOut === 'hide' && g.soldOut));
  if (set.soldOut === 'last') goods = [...goods.filter((g) => !g.soldOut), ...goods.filter((g) => g.soldOut)];
  return (
    <div className="hp-phone" aria-label="首页预览">
      <div className="hp-title">{set.title || '店铺名称'}</div>
      <div className={`hp-list hp-style-${set.listStyle}`}>
        {goods.map((g) => (
          <div key={g.name} className="hp-item">
            <div className="hp-img">{g.soldOut && <span className="hp-soldout">已售罄</span>}</div>
            <div className="hp-info">
              <div className="hp-name">{g.name}</div>
              <div className="hp-meta">
                {set.showSales && <span>已售{g.sales}</span>}
                {set.showStock && <span>库存{g.stock}</span>}
              </div>
              <div className="hp-price-row">
                <span className="hp-price">¥{g.price}</span>
                {set.showOriginalPrice && <s className="hp-original">¥{g.original}</s>}
                <CartButton kind={set.cartButton} />
              </div>
              {set.showMemberPrice && <div className="hp-member">会员价 ¥{g.member}</div>}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
