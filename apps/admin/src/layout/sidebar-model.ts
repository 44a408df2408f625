import type { MenuNode } from '@contract/index';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 000 §9. */
export const SCROLL_CHECK_MS = 500;

/** Whether a scrollable list has more below, checked after scrolling pauses for 500 ms. */
export function useScrollMore() {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const check = useCallback(() => {
    const el = ref.current;
    if (el) setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 4);
  }, []);
  const onScroll = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(check, SCROLL_CHECK_MS);
  }, [check]);
  useEffect(() => {
    check();
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('resize', check);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [check]);
  return { ref, more, onScroll, check };
}

export function visible(nodes: MenuNode[]) {
  return nodes.filter((n) => n.isshow);
}

/** Where the sidebar's own state (collapsed, groups closed) is kept, so it survives a reload. */
export const SIDEBAR_STATE_KEY = 'sidebarState';

export interface SidebarState {
  collapsed: boolean;
  closedGroups: string[];
}

export function readSidebarState(): SidebarState {
  try {
    const v = JSON.parse(localStorage.getItem(SIDEBAR_STATE_KEY) ?? '{}') as Partial<SidebarState>;
    return {
      collapsed: v.collapsed === true,
      closedGroups: Array.isArray(v.closedGroups) ? v.closedGroups.filter((k) => typeof k === 'string') : [],
    };
  } catch {
    return { collapsed: false, closedGroups: [] };
  }
}

/** Stores the page and menu index of a second-level choice (session storage and state). */
export function remember(oneIndex: number, muneIndex: number) {
  sessionStorage.setItem('oneIndex', String(oneIndex));
  sessionStorage.setItem('muneIndex', String(muneIndex));
}

/**
 * The entry lit in the sidebar for the open page (the trail from the top-level node down to it): the page itself, or
 * for a hidden page (an edit or detail screen) the entry it belongs to (`under`), else the first visible one beside it.
 */
export function activeKeyOf(trail: MenuNode[]): string | undefined {
  const here = trail[trail.length - 1];
  if (!here || here.isshow) return here?.key;
  const siblings = trail[trail.length - 2]?.children ?? [];
  return siblings.find((c) => c.isshow && c.key === here.under)?.key ?? siblings.find((c) => c.isshow)?.key;
}
