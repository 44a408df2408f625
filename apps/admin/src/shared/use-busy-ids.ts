import { useCallback, useState } from 'react';

/** Rows with work under way (a button per row showing its loading): `run(id, work)` marks the row while work runs,
 *  `has(id)` asks. */
export function useBusyIds() {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const run = useCallback(async (id: string, work: () => Promise<void>) => {
    setIds((s) => new Set(s).add(id));
    try {
      await work();
    } finally {
      setIds((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  }, []);
  return { has: (id: string) => ids.has(id), run };
}
