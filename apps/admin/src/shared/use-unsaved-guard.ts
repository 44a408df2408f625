import { App } from 'antd';
import type { KeyboardEvent } from 'react';
import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router-dom';

export const UNSAVED_TITLE = '离开此页面？';
export const UNSAVED_TEXT = '当前页面有未保存的修改，确定离开吗？';

/**
 * Warns before leaving a page with unsaved changes: a navigation inside the console (sidebar, links, back) asks
 * UNSAVED_TEXT first, closing or reloading the tab gets the browser's own prompt (beforeunload). `release()` lets
 * the next navigation through without asking (call it before navigating away after a save).
 */
export function useUnsavedGuard(dirty: boolean) {
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation: from, nextLocation: to }) =>
      dirtyRef.current &&
      !released.current &&
      // An ended session goes to /login whatever the page holds: nothing could be saved any more.
      to.pathname !== '/login' &&
      (from.pathname !== to.pathname || from.search !== to.search),
    [],
  );
  const blocker = useBlocker(shouldBlock);
  // One dialog per blocked navigation (effects run twice under StrictMode).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    modal.confirm({
      title: UNSAVED_TITLE,
      content: UNSAVED_TEXT,
      okText: '离开',
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}

/**
 * A form's onKeyDown that keeps Enter in a text input from submitting the whole form (only its 保存 button does).
 * Enter still works where it means something: text areas, and pickers and selects, which handle it before it
 * bubbles up here.
 */
export function preventEnterSubmit(e: KeyboardEvent<HTMLFormElement>) {
  const target = e.target as HTMLElement;
  if (e.key === 'Enter' && target instanceof HTMLInputElement) e.preventDefault();
}
