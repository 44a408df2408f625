import { useEffect, useRef, useState } from 'react';
import { errMsg } from '../api';
import { Link } from '../router';
import { yuan } from '../ui';
import { priceFrom } from './goods-grid';
import type { GoodsDetail, ShopApi } from './shop-api';
import { Empty, Pic, Skeleton } from './shop-frame';
import { type Choice, chosenSku, initialChoice } from './sku';
import { SkuSheet } from './sku-sheet';

const DELIVERY: Record<string, string> = { express: '快递发货', pickup: '到店自提', local: '同城配送' };

/** What the buy buttons do: the cart and the checkout (orders/goods-buying.tsx); absent, they say 即将开放. */
export interface BuyActions {
  onBuy?: (skuId: string, quantity: number) => void;
  onAddToCart?: (skuId: string, quantity: number) => void;
}

/** Images side by side, scrolled by the finger (scroll snap), a counter of where one is; no library. */
function Swiper({ images, title }: { images: string[]; title: string }) {
  const [at, setAt] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  // Keys by position: the same image may appear twice.
  const list = (images.length > 0 ? images : ['']).map((src, i) => ({ src, key: `${i}:${src}` }));
  return (
    <div className="s-swiper">
      <div
        className="s-swiper-track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setAt(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {list.map(({ src, key }, i) => (
          <Pic key={key} className="s-swiper-pic" src={src} alt={`${title} 图${i + 1}`} />
        ))}
      </div>
      {list.length > 1 ? (
        <span className="s-swiper-count" aria-label="图片位置">
          {Math.min(at, list.length - 1) + 1}/{list.length}
        </span>
      ) : null}
    </div>
  );
}

/** 商品详情: images, price, title, selling point, delivery, the SKU chooser, the description, the buy bar. */
export function GoodsPage({ api, shopId, goodsId, onBuy, onAddToCart }: { api: ShopApi; shopId: string; goodsId: string } & BuyActions) {
  const [g, setG] = useState<GoodsDetail | null>(null);
  const [failed, setFailed] = useState('');
  const [choice, setChoice] = useState<Choice>({});
  const [sheet, setSheet] = useState<null | 'buy' | 'cart' | 'choose'>(null);

  useEffect(() => {
    let live = true;
    setG(null);
    setFailed('');
    api
      .detail(goodsId)
      .then((d) => {
        if (!live) return;
        setG(d);
        setChoice(initialChoice(d.specs, d.skus));
        document.title = d.title;
      })
      .catch((e) => live && setFailed(errMsg(e)));
    return () => {
      live = false;
    };
  }, [api, goodsId]);

  if (failed) {
    return (
      <Empty title={failed}>
        <Link to={`/h5/shop/${shopId}`} className="s-btn-line">
          去店铺首页逛逛
        </Link>
      </Empty>
    );
  }
  if (!g) return <Skeleton rows={6} />;

  const sku = chosenSku(g.specs, g.skus, choice);
  const chosenText = g.specs.length === 0 ? '默认' : sku ? g.specs.map((s) => choice[s.name]).join(' / ') : '请选择规格';
  const soldOut = g.totalStock <= 0;
  const confirm = sheet === 'cart' ? onAddToCart : sheet === 'buy' || sheet === 'choose' ? onBuy : undefined;

  return (
    <main className="s-page s-goods">
      <Swiper images={g.images.length ? g.images : [g.mainImage].filter(Boolean)} title={g.title} />
      <section className="s-goods-info">
        <p className="s-price big">{sku ? yuan(sku.price) : priceFrom(g.minPrice, g.maxPrice)}</p>
        {sku && sku.originalPrice > sku.price ? <p className="s-original">{yuan(sku.originalPrice)}</p> : null}
        <h1 className="s-goods-title">{g.title}</h1>
        {g.sellingPoint ? <p className="s-selling">{g.sellingPoint}</p> : null}
        {g.memberPrice ? <p className="s-member-hint">会员专享折扣，登录后下单享会员价</p> : null}
        {g.startSaleAt ? <p className="muted small">开售时间 {g.startSaleAt.slice(0, 16)}</p> : null}
      </section>
      <section className="s-rows">
        <button type="button" className="s-row" onClick={() => setSheet('choose')}>
          <span className="s-row-label">规格</span>
          <span className="s-row-value">{chosenText}</span>
          <span aria-hidden="true">›</span>
        </button>
        <div className="s-row">
          <span className="s-row-label">配送</span>
          <span className="s-row-value">
            {g.delivery.map((d) => DELIVERY[d] ?? d).join('、')}
            {g.delivery.includes('express') ? ` · 运费 ${g.postFee > 0 ? yuan(g.postFee) : '包邮'}` : ''}
          </span>
        </div>
        <div className="s-row">
          <span className="s-row-label">库存</span>
          <span className="s-row-value">{soldOut ? '已售罄' : `${sku ? sku.stock : g.totalStock} 件`}</span>
        </div>
        {g.purchaseLimit > 0 ? (
          <div className="s-row">
            <span className="s-row-label">限购</span>
            <span className="s-row-value">每人限购 {g.purchaseLimit} 件</span>
          </div>
        ) : null}
      </section>
      <section className="s-desc-box">
        <h2 className="s-section">商品详情</h2>
        {g.description ? (
          // Sanitised on the server (allow-listed tags and attributes: goods README).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitiser is the guard
          <div className="s-desc" dangerouslySetInnerHTML={{ __html: g.description }} />
        ) : (
          <p className="muted small">暂无详情</p>
        )}
      </section>
      <div className="s-buybar">
        <Link to={`/h5/shop/${shopId}`} className="s-buybar-home">
          店铺
        </Link>
        {onAddToCart ? (
          <button type="button" className="s-btn-cart" disabled={soldOut} onClick={() => setSheet('cart')}>
            加入购物车
          </button>
        ) : null}
        <button type="button" className="s-btn-buy" disabled={soldOut} onClick={() => setSheet('buy')}>
          {soldOut ? '已售罄' : '立即购买'}
        </button>
      </div>
      {sheet ? (
        <SkuSheet
          goods={g}
          choice={choice}
          onChoice={setChoice}
          confirmText={sheet === 'cart' ? '加入购物车' : '立即购买'}
          onConfirm={
            confirm &&
            ((skuId, quantity) => {
              setSheet(null);
              confirm(skuId, quantity);
            })
          }
          onClose={() => setSheet(null)}
        />
      ) : null}
    </main>
  );
}
