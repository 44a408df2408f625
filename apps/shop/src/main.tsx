// The customer's public fill page (/h5/form/<formId>): its own entry (h5.html), nothing of the console shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FormPage } from './form-page';
import { MemberPage } from './member/member-page';
import { type KeptOrder, keepOrder, keptOrder } from './storage';
import { Result, Toaster } from './ui';
import './h5.css';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form id of /h5/form/<id>, or null for any other path. */
function formIdOf(pathname: string): string | null {
  const m = /^\/h5\/form\/([^/]+)\/?$/.exec(pathname);
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

/** The shop id of /h5/shop/<shopId>/member (the member centre), or null. */
function memberShopOf(pathname: string): string | null {
  const m = /^\/h5\/shop\/([^/]+)\/member\/?$/.exec(pathname);
  return m && UUID_RE.test(m[1]) ? m[1] : null;
}

const formId = formIdOf(location.pathname);
const memberShop = memberShopOf(location.pathname);
const page = formId ? (
  <FormPage formId={formId} initialOrder={startingOrder(formId)} />
) : memberShop ? (
  <MemberPage shopId={memberShop} />
) : (
  <main className="page">
    <div className="card">
      <Result tone="bad" title="页面不存在">
        <p className="muted">请检查链接是否完整</p>
      </Result>
    </div>
  </main>
);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {page}
    <Toaster />
  </StrictMode>,
);
