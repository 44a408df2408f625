import { useCallback, useEffect, useRef, useState } from 'react';
import { errMsg } from '../api';
import { Link } from '../router';
import { yuan } from '../ui';
import { priceFrom } from './goods-grid';
import type { GoodsDetail, ShopApi } from './shop-api';
import { Empty, Pic, Skeleton } from './shop-frame';
import { type Choice, chosenSku, countdown, grabbedOut, initialChoice, priceSpan, type Sku } from './sku';
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

/** 距结束 and a ticking countdown from the seconds the page was given; at 0 it asks for the page again. */
function Countdown({ seconds, onEnd }: { seconds: number; onEnd: () => void }) {
  const [from] = useState(() => Date.now());
  const [now, setNow] = useState(from);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = Math.max(0, seconds - Math.floor((now - from) / 1000));
  useEffect(() => {
    if (left === 0) onEnd();
  }, [left, onEnd]);
  return <span className="s-act-end">距结束 {countdown(left)}</span>;
}

/** The activity strip under the images: the tag, the normal price struck through, 已抢光 or the countdown. */
function ActivityBar({ sku, onEnd }: { sku: Sku; onEnd: () => void }) {
  const a = sku.activity;
  if (!a) return null;
  return (
    <div className="s-act-bar" role="note" aria-label="活动">
      <span className="s-act-tag">{a.tag}</span>
      <s className="s-act-was">{yuan(sku.price)}</s>
      {a.left <= 0 ? <span className="s-act-end">已抢光</span> : <Countdown seconds={a.endsIn} onEnd={onEnd} />}
    </div>
  );
}

/** 商品详情: images, price, title, selling point, delivery, the SKU chooser, the description, the buy bar. */
export function GoodsPage({ api, shopId, goodsId, onBuy, onAddToCart }: { api: ShopApi; shopId: string; goodsId: string } & BuyActions) {
  const [g, setG] = useState<GoodsDetail | null>(null);
  const [failed, setFailed] = useState('');
  const [choice, setChoice] = useState<Choice>({});
  const [sheet, setSheet] = useState<null | 'buy' | 'cart' | 'choose'>(null);
  // Bumped when an activity's countdown ends: the page is read again (the normal price is back).
  const [round, setRound] = useState(0);
  const again = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    if (round === 0) setG(null);
    setFailed('');
    api
      .detail(goodsId)
      .then((d) => {
        if (!live) return;
        setG(d);
        if (round === 0) setChoice(initialChoice(d.specs, d.skus));
        document.title = d.title;
      })
      .catch((e) => live && setFailed(errMsg(e)));
    return () => {
      live = false;
    };
  }, [api, goodsId, round]);

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
  const grabbed = grabbedOut(sku);
  // The activity shown: the chosen SKU's, else the first SKU's in one (the buyer picks the spec next).
  const inActivity = sku?.activity ? sku : sku ? undefined : g.skus.find((s) => s.activity);
  const span = priceSpan(g.skus, choice);
  const confirm = sheet === 'cart' ? onAddToCart : sheet === 'buy' || sheet === 'choose' ? onBuy : undefined;

  return (
    <main className="s-page s-goods">
      <Swiper images={g.images.length ? g.images : [g.mainImage].filter(Boolean)} title={g.title} />
      <section className="s-goods-info">
        <p className="s-price big">{span ? priceFrom(span.min, span.max) : priceFrom(g.minPrice, g.maxPrice)}</p>
        {inActivity ? <ActivityBar sku={inActivity} onEnd={again} /> : null}
        {sku && !sku.activity && sku.originalPrice > sku.price ? <p className="s-original">{yuan(sku.originalPrice)}</p> : null}
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
          <span className="s-row-value">
            {soldOut ? '已售罄' : `${sku ? sku.stock : g.totalStock} 件`}
            {!soldOut && sku?.activity ? `（活动剩余 ${sku.activity.left} 件）` : ''}
          </span>
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
        <button type="button" className="s-btn-buy" disabled={soldOut || grabbed} onClick={() => setSheet('buy')}>
          {soldOut ? '已售罄' : grabbed ? '已抢光' : '立即购买'}
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
