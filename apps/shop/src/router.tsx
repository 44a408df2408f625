// A router of a few lines for the customer's pages: the address is the state (history API), no library.
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** Goes to an address of this app (pushState; replace for filters typed in place), and to the top of the new page. */
export function navigate(to: string, opts: { replace?: boolean; keepScroll?: boolean } = {}) {
  if (opts.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const l of listeners) l();
  if (!opts.keepScroll) window.scrollTo(0, 0);
}

const current = () => `${location.pathname}${location.search}`;

/** The current path and query; the component renders again when they change. */
export function useAddress(): { pathname: string; query: URLSearchParams } {
  const address = useSyncExternalStore(subscribe, current);
  const [pathname, search = ''] = address.split('?');
  return { pathname, query: new URLSearchParams(search) };
}

/** A link within the app: a real <a href> (long press, new tab), navigated in place on a plain click. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={go} {...rest} />;
}
