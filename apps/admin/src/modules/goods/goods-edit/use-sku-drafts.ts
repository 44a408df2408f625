import { useCallback, useMemo, useState } from 'react';
import { combinations, emptySku, fillColumn, type SkuDraft, type SkuField, type SpecDraft, skuKey, usableSpecs } from './sku-matrix';

/**
 * The specs and SKU cells of the goods form, kept beside the antd form: `usable` are the specs with a name and
 * values, `combos` their combinations (one SKU each). Every edit calls onEdit (the form is then dirty).
 */
export function useSkuDrafts(onEdit: () => void) {
  const [specs, setSpecs] = useState<SpecDraft[]>([]);
  const [rows, setRows] = useState<Record<string, SkuDraft>>({});
  const usable = useMemo(() => usableSpecs(specs), [specs]);
  const combos = useMemo(() => combinations(usable), [usable]);

  const setCell = (key: string, field: SkuField, value: string) => {
    onEdit();
    setRows((r) => ({ ...r, [key]: { ...(r[key] ?? emptySku()), [field]: value } }));
  };
  const editSpecs = (next: SpecDraft[]) => {
    onEdit();
    setSpecs(next);
  };
  const fill = (values: Partial<Record<SkuField, string>>) => {
    const keys = combos.map(skuKey);
    onEdit();
    setRows((r) => Object.entries(values).reduce((acc, [f, v]) => fillColumn(acc, keys, f as SkuField, v ?? ''), r));
  };
  /** Shows a saved goods' specs and SKUs (not an edit). */
  const load = useCallback((nextSpecs: SpecDraft[], nextRows: Record<string, SkuDraft>) => {
    setSpecs(nextSpecs);
    setRows(nextRows);
  }, []);
  return { specs, rows, usable, combos, setCell, editSpecs, fill, load };
}

export type SkuDrafts = ReturnType<typeof useSkuDrafts>;
