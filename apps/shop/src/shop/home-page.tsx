import { type FormEvent, useEffect, useState } from 'react';
import { errMsg } from '../api';
import { Link, navigate } from '../router';
import { GoodsGrid } from './goods-grid';
import type { ShopApi, ShopHome } from './shop-api';
import { Empty, Pic, Skeleton } from './shop-frame';

const NO_QUERY = {};

/** The search box of the home and search pages: goes to /search?q=. */
export function SearchBar({ shopId, initial = '', autoFocus = false }: { shopId: string; initial?: string; autoFocus?: boolean }) {
  const [q, setQ] = useState(initial);
  useEffect(() => setQ(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const keyword = q.trim();
    const to = `/h5/shop/${shopId}/search${keyword ? `?q=${encodeURIComponent(keyword)}` : ''}`;
    navigate(to, { replace: location.pathname.endsWith('/search') });
  };
  return (
    <form className="s-search" role="search" onSubmit={submit}>
      <input
        type="search"
        enterKeyHint="search"
        className="s-search-input"
        placeholder="搜索商品"
        aria-label="搜索商品"
        maxLength={100}
        value={q}
        autoFocus={autoFocus}
        onChange={(e) => setQ(e.target.value)}
      />
      <button type="submit" className="s-search-btn">
        搜索
      </button>
    </form>
  );
}

/** 首页: the shop's banner (logo and name), the search box, the top-level categories as chips, every goods. */
export function HomePage({ api, shopId }: { api: ShopApi; shopId: string }) {
  const [home, setHome] = useState<ShopHome | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let live = true;
    api
      .home()
      .then((h) => {
        if (!live) return;
        setHome(h);
        document.title = h.name;
      })
      .catch((e) => live && setFailed(errMsg(e)));
    return () => {
      live = false;
    };
  }, [api]);

  if (failed) return <Empty title={failed} />;
  return (
    <main className="s-page">
      <header className="s-banner">
        {home ? (
          <>
            <Pic className="s-banner-logo" src={home.logo} alt={`${home.name} Logo`} />
            <h1 className="s-banner-name">{home.name}</h1>
          </>
        ) : (
          <div className="s-skel-line" aria-label="加载中" />
        )}
      </header>
      <SearchBar shopId={shopId} />
      {home ? (
        home.categories.length > 0 ? (
          <nav className="s-chips" aria-label="商品分类">
            {home.categories.map((c) => (
              <Link key={c.id} to={`/h5/shop/${shopId}/category?c=${c.id}`} className="s-chip">
                {c.name}
              </Link>
            ))}
          </nav>
        ) : null
      ) : (
        <Skeleton rows={1} />
      )}
      <h2 className="s-section">全部商品</h2>
      <GoodsGrid api={api} shopId={shopId} query={NO_QUERY} emptyTitle="店铺还没有上架商品" />
    </main>
  );
}

/** 搜索: the keyword of ?q= over titles and goods numbers. */
export function SearchPage({ api, shopId, q }: { api: ShopApi; shopId: string; q: string }) {
  useEffect(() => {
    document.title = q ? `搜索：${q}` : '搜索';
  }, [q]);
  return (
    <main className="s-page">
      <SearchBar shopId={shopId} initial={q} autoFocus={!q} />
      {q ? (
        <GoodsGrid api={api} shopId={shopId} query={{ keyword: q }} emptyTitle={`没有找到“${q}”相关的商品`} />
      ) : (
        <Empty title="输入商品名称搜索" />
      )}
    </main>
  );
}
