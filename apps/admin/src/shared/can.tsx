import type { Op } from '@contract/index';
import type { ReactNode } from 'react';
import { useCan } from '@/hooks/use-can';

/** Shows its children only when the current role may do `op` on the menu entry (the server checks again). */
export function Can({ menu, op, children }: { menu: string; op: Op; children: ReactNode }) {
  const can = useCan();
  return can(menu, op) ? children : null;
}
