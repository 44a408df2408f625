import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { create } from 'zustand';

/** Calls shorter than this never show the overlay, so quick requests don't flicker. */
export const LOADING_GRACE_MS = 200;

interface LoadingState {
  /** Work in flight; the overlay shows while it is above zero. */
  count: number;
  begin: () => void;
  end: () => void;
}

export const useLoading = create<LoadingState>()((set) => ({
  count: 0,
  begin: () => set((state) => ({ count: state.count + 1 })),
  // An unmatched end() must not leave the counter negative and hide the next request's overlay.
  end: () => set((state) => ({ count: Math.max(0, state.count - 1) })),
}));

/** Counts a promise as loading until it settles; the request layer wraps every call in it. */
export async function withLoading<T>(work: Promise<T>): Promise<T> {
  const { begin, end } = useLoading.getState();
  begin();
  try {
    return await work;
  } finally {
    end();
  }
}

/** Full-screen spinner shown while any tracked work has lasted longer than the grace period. */
export function FullScreenLoading() {
  const busy = useLoading((state) => state.count > 0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_GRACE_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  return visible ? <Spin fullscreen tip="加载中..." /> : null;
}
