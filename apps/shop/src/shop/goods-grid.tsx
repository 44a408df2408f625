import { useCallback, useEffect, useRef, useState } from 'react';
import { errMsg } from '../api';
import { Link } from '../router';
import { yuan } from '../ui';
import { Empty, Pic, Skeleton } from './shop-frame';
import type { GoodsQuery, GoodsRow, ShopApi } from './shop-api';

const PAGE_SIZE = 10;

/** ¥9.90, or ¥9.90起 when the SKUs differ in price. */
export const priceFrom = (min: number, max: number) => (min === max ? yuan(min) : `${yuan(min)}起`);

/**
 * Goods of a query, page by page: the next page when the end of the list comes into view (and a 加载更多 button for
 * browsers without IntersectionObserver or a user who taps), 没有更多了 at the end. A new query starts over.
 */
export function GoodsGrid({
  api,
  shopId,
  query,
  emptyTitle = '暂无商品',
}: {
  api: ShopApi;
  shopId: string;
  query: Omit<GoodsQuery, 'page_index' | 'page_size'>;
  emptyTitle?: string;
}) {
  const key = JSON.stringify(query);
  const [rows, setRows] = useState<GoodsRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState('');
  const current = useRef(key);

  const load = useCallback(
    async (pageIndex: number) => {
      const forKey = key;
      setLoading(true);
      setFailed('');
      try {
        const r = await api.list({ ...(JSON.parse(forKey) as GoodsQuery), page_index: pageIndex, page_size: PAGE_SIZE });
        if (current.current !== forKey) return;
        setRows((prev) => (pageIndex === 1 ? r.rows : [...prev, ...r.rows]));
        setTotal(r.total_count);
        setPage(pageIndex);
      } catch (e) {
        if (current.current === forKey) setFailed(errMsg(e));
      } finally {
        if (current.current === forKey) setLoading(false);
      }
    },
    [api, key],
  );

  useEffect(() => {
    current.current = key;
    setRows([]);
    setPage(0);
    void load(1);
  }, [key, load]);

  const more = rows.length < total;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !more || loading || failed || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void load(page + 1);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [more, loading, failed, load, page]);

  if (page === 0 && loading) return <Skeleton rows={4} grid />;
  if (page === 0 && failed) {
    return (
      <Empty title="加载失败">
        <p className="muted small">{failed}</p>
        <button type="button" className="s-btn-line" onClick={() => void load(1)}>
          重新加载
        </button>
      </Empty>
    );
  }
  if (rows.length === 0) return <Empty title={emptyTitle} />;
  return (
    <>
      <ul className="s-grid" aria-label="商品列表">
        {rows.map((g) => (
          <li key={g.id} className="s-card">
            <Link to={`/h5/shop/${shopId}/goods/${g.id}`} className="s-card-link">
              <Pic className="s-card-pic" src={g.mainImage} alt={g.title} />
              <div className="s-card-body">
                <p className="s-card-title">{g.title}</p>
                <p className="s-card-foot">
                  <span className="s-price">{priceFrom(g.minPrice, g.maxPrice)}</span>
                  {g.totalStock === 0 ? <span className="s-soldout">已售罄</span> : null}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="s-more">
        {failed ? (
          <button type="button" className="s-btn-line" onClick={() => void load(page + 1)}>
            加载失败，点击重试
          </button>
        ) : more ? (
          <button type="button" className="s-btn-line" disabled={loading} onClick={() => void load(page + 1)}>
            {loading ? '加载中…' : '加载更多'}
          </button>
        ) : (
          <span className="muted small">没有更多了</span>
        )}
      </div>
    </>
  );
}
