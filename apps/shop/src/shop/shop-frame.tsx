import type { ReactNode } from 'react';
import { useCartCount } from '../orders/member-gate';
import { Link } from '../router';

export type ShopTab = 'home' | 'category' | 'cart' | 'member';

/** The tabs of the shop; 购物车 carries the count of its lines. */
const TABS: { key: ShopTab; label: string; path: string; icon: string }[] = [
  { key: 'home', label: '首页', path: '', icon: 'M3 10.5 12 3l9 7.5V21h-6v-6H9v6H3z' },
  { key: 'category', label: '分类', path: '/category', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  {
    key: 'cart',
    label: '购物车',
    path: '/cart',
    icon: 'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM1 2v2h2l3.6 7.6-1.4 2.4A2 2 0 0 0 7 17h12v-2H7.4l1.1-2h7.5a2 2 0 0 0 1.7-1l3.6-6.5A1 1 0 0 0 20.4 4H5.2l-.9-2zm16 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  },
  { key: 'member', label: '我的', path: '/member', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9c0-4 3.6-7 8-7s8 3 8 7z' },
];

/** The shop's frame: a phone-wide column (centred on a desktop), the page, the bottom tab bar when the page has one. */
export function ShopFrame({ shopId, tab, children }: { shopId: string; tab?: ShopTab; children: ReactNode }) {
  const base = `/h5/shop/${shopId}`;
  const cartLines = useCartCount(shopId);
  return (
    <div className={`s-frame${tab ? ' with-tabs' : ''}`}>
      {children}
      {tab ? (
        <nav className="s-tabs" aria-label="店铺导航">
          {TABS.map((t) => (
            <Link
              key={t.key}
              to={`${base}${t.path}`}
              className={`s-tab${t.key === tab ? ' on' : ''}`}
              aria-current={t.key === tab ? 'page' : undefined}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={t.icon} />
              </svg>
              <span>{t.label}</span>
              {t.key === 'cart' && cartLines > 0 ? (
                <span className="s-badge" aria-label={`购物车${cartLines}种商品`}>
                  {cartLines > 99 ? '99+' : cartLines}
                </span>
              ) : null}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

/** Grey blocks in the shape of what is loading. */
export function Skeleton({ rows = 3, grid = false }: { rows?: number; grid?: boolean }) {
  return (
    <div className={grid ? 's-grid' : 's-skeleton'} aria-busy="true" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => `skel-${i}`).map((k) => (
        <div key={k} className={grid ? 's-card s-skel-card' : 's-skel-line'} />
      ))}
    </div>
  );
}

/** The empty state of a list or page, in words. */
export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="s-empty">
      <p className="s-empty-title">{title}</p>
      {children}
    </div>
  );
}

/** An image, or a soft grey block when the goods has none or it fails. */
export function Pic({ src, alt, className }: { src: string; alt: string; className?: string }) {
  return src ? (
    <img
      className={className}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={(e) => {
        e.currentTarget.removeAttribute('src');
      }}
    />
  ) : (
    <div className={`${className ?? ''} s-nopic`} role="img" aria-label={alt} />
  );
}
