// The order pages are a member's: the member's calls, the login when there is none, the cart badge.
import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { LoginView } from '../member/login-view';
import { keptToken, memberApi } from '../member/member-api';
import { ordersApi } from './orders-api';

/** The member's calls of this shop and whether a token is kept; a 401 logs the page out. */
export function useMember(shopId: string) {
  const [loggedIn, setLoggedIn] = useState(() => keptToken(shopId) !== null);
  const member = useMemo(() => memberApi(shopId, () => setLoggedIn(false)), [shopId]);
  const orders = useMemo(() => ordersApi(member), [member]);
  return { shopId, loggedIn, setLoggedIn, member, orders };
}
export type Member = ReturnType<typeof useMember>;

/** The login as a bottom sheet over the page (加入购物车 / 立即购买 before logging in). */
export function LoginSheet({ m, hint, onIn, onClose }: { m: Member; hint: string; onIn: () => void; onClose: () => void }) {
  return (
    <div className="s-sheet-mask" onClick={onClose} role="presentation">
      <div className="s-sheet s-login-sheet" role="dialog" aria-label="登录" onClick={(e) => e.stopPropagation()}>
        <button type="button" className="s-sheet-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        <LoginView
          api={m.member}
          shopName="登录 / 注册"
          hint={hint}
          onIn={() => {
            m.setLoggedIn(true);
            refreshCartCount(m);
            onIn();
          }}
        />
      </div>
    </div>
  );
}

/** A member's page: the page when logged in, else the login in its place. */
export function MemberOnly({ m, hint, children }: { m: Member; hint: string; children: ReactNode }) {
  if (!m.loggedIn) return <LoginView api={m.member} shopName="登录 / 注册" hint={hint} onIn={() => m.setLoggedIn(true)} />;
  return <>{children}</>;
}

// ---- the cart badge: lines in the cart, kept for the page's life, asked once per shop and set by the cart's calls --

let badge = { shopId: '', lines: 0 };
const listeners = new Set<() => void>();
export function setCartCount(shopId: string, lines: number) {
  badge = { shopId, lines };
  for (const l of listeners) l();
}
const asked = new Set<string>();
/** Asks the server for the badge again (after logging in). */
export function refreshCartCount(m: Member) {
  void m.orders
    .cartCount()
    .then((c) => setCartCount(m.shopId, c.lines))
    .catch(() => undefined);
}

/** The badge of the 购物车 tab (0: none); asked of the server once per shop while a member is logged in. */
export function useCartCount(shopId: string): number {
  const b = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => badge,
  );
  useEffect(() => {
    if (asked.has(shopId) || keptToken(shopId) === null) return;
    asked.add(shopId);
    void ordersApi(memberApi(shopId, () => undefined))
      .cartCount()
      .then((c) => setCartCount(shopId, c.lines))
      .catch(() => asked.delete(shopId));
  }, [shopId]);
  return b.shopId === shopId ? b.lines : 0;
}
