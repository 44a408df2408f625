// The customer's pages (/h5/...): the form fill page and its order view, the H5 shop and its member centre. Each is
// its own lazy chunk; nothing of the console is here (apps/shop README).
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useAddress } from './router';
import { type KeptOrder, keepOrder, keptOrder } from './storage';
import { Result, Toaster } from './ui';
import './h5.css';

const FormPage = lazy(() => import('./form-page').then((m) => ({ default: m.FormPage })));
const ShopApp = lazy(() => import('./shop/shop-app').then((m) => ({ default: m.ShopApp })));

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form id of /h5/form/<id>, or null for any other path. */
function formIdOf(pathname: string): string | null {
  const m = /^\/h5\/form\/([^/]+)\/?$/.exec(pathname);
  return m && UUID_RE.test(m[1]) ? m[1] : null;
}

/** The shop id of /h5/shop/<shopId>/…, or null. */
function shopIdOf(pathname: string): string | null {
  const m = /^\/h5\/shop\/([^/]+)(\/|$)/.exec(pathname);
  return m && UUID_RE.test(m[1]) ? m[1] : null;
}

/**
 * The order to show first: the one the payment page sent the visitor back with (?order=), else the last one kept.
 * The query is taken off the address so that reloading later shows the kept order's state, not a stale parameter.
 */
function startingOrder(formId: string): KeptOrder | null {
  const params = new URLSearchParams(location.search);
  const back = params.get('order');
  const kept = keptOrder(formId);
  if (params.has('order')) {
    params.delete('order');
    const qs = params.toString();
    history.replaceState(null, '', `${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`);
  }
  if (!back || !UUID_RE.test(back) || kept?.orderId === back) return kept;
  const order: KeptOrder = {
    orderId: back,
    orderNo: '',
    qrCode: '',
    total: 0,
    formName: kept?.formName ?? '',
    at: new Date().toISOString(),
  };
  keepOrder(formId, order);
  return order;
}

const NotFound = () => (
  <main className="page">
    <div className="card">
      <Result tone="bad" title="页面不存在">
        <p className="muted">请检查链接是否完整</p>
      </Result>
    </div>
  </main>
);

/** The fill page's starting order is read once per form (it takes ?order= off the address). */
const starting = new Map<string, KeptOrder | null>();

function Pages() {
  const { pathname } = useAddress();
  const formId = formIdOf(pathname);
  if (formId) {
    if (!starting.has(formId)) starting.set(formId, startingOrder(formId));
    return <FormPage formId={formId} initialOrder={starting.get(formId) ?? null} />;
  }
  const shopId = shopIdOf(pathname);
  return shopId ? <ShopApp shopId={shopId} /> : <NotFound />;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Suspense fallback={<div className="loading">加载中…</div>}>
      <Pages />
    </Suspense>
    <Toaster />
  </StrictMode>,
);
