import { useEffect, useMemo, useState } from 'react';
import { errMsg } from '../api';
import { navigate } from '../router';
import { GoodsGrid } from './goods-grid';
import type { GoodsTypeNode, ShopApi } from './shop-api';
import { Empty, Skeleton } from './shop-frame';

/** 分类: the top-level categories on the left, the goods of the chosen one (and its subcategories) on the right. */
export function CategoryPage({ api, shopId, chosen }: { api: ShopApi; shopId: string; chosen: string | null }) {
  const [types, setTypes] = useState<GoodsTypeNode[] | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    document.title = '分类';
    let live = true;
    api
      .types()
      .then((t) => live && setTypes(t))
      .catch((e) => live && setFailed(errMsg(e)));
    return () => {
      live = false;
    };
  }, [api]);

  const top = types ?? [];
  // ?c= may name a subcategory: its top-level ancestor is highlighted, its own goods shown.
  const topOf = useMemo(() => {
    const m = new Map<string, GoodsTypeNode>();
    const walk = (root: GoodsTypeNode, n: GoodsTypeNode) => {
      m.set(n.id, root);
      for (const c of n.children) walk(root, c);
    };
    for (const t of top) walk(t, t);
    return m;
  }, [top]);
  const current = (chosen && topOf.has(chosen) ? chosen : null) ?? top[0]?.id ?? null;
  const currentTop = current ? topOf.get(current) : undefined;
  const choose = (id: string) => navigate(`/h5/shop/${shopId}/category?c=${id}`, { replace: true });

  if (failed) return <Empty title={failed} />;
  if (!types) return <Skeleton rows={6} />;
  if (top.length === 0) return <Empty title="暂无商品分类" />;
  return (
    <main className="s-cat">
      <nav className="s-cat-side" aria-label="商品分类">
        {top.map((t) => (
          <button
            key={t.id}
            type="button"
            className={`s-cat-item${currentTop?.id === t.id ? ' on' : ''}`}
            aria-pressed={currentTop?.id === t.id}
            onClick={() => choose(t.id)}
          >
            {t.name}
          </button>
        ))}
      </nav>
      <section className="s-cat-main" aria-label={currentTop?.name}>
        {currentTop && currentTop.children.length > 0 ? (
          <div className="s-chips small">
            <button type="button" className={`s-chip${current === currentTop.id ? ' on' : ''}`} onClick={() => choose(currentTop.id)}>
              全部
            </button>
            {currentTop.children.map((c) => (
              <button key={c.id} type="button" className={`s-chip${current === c.id ? ' on' : ''}`} onClick={() => choose(c.id)}>
                {c.name}
              </button>
            ))}
          </div>
        ) : null}
        {current ? <GoodsGrid api={api} shopId={shopId} query={{ categoryId: current }} emptyTitle="该分类下暂无商品" /> : null}
      </section>
    </main>
  );
}
