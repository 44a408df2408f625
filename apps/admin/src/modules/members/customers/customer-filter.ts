import type { contract, InputOf } from '@contract/index';

export type ClientFilterBody = Omit<InputOf<typeof contract.clientQuery.GetUserInfoList>, 'page_index' | 'page_size' | 'sorter'>;

/** A number range as typed (text, '' for empty). */
export interface RangeText {
  min?: string;
  max?: string;
}

/** The filter form's values as kept in the address (plain JSON: days as YYYY-MM-DD, numbers as typed). */
export interface FilterValues {
  keyword?: string;
  kind?: 0 | 1;
  levelIds?: string[];
  tagIds?: string[];
  cardIds?: string[];
  groupId?: string;
  source?: number;
  sex?: number;
  status?: number;
  audit?: number;
  createTime?: [string, string];
  memberTime?: [string, string];
  lastOrderTime?: [string, string];
  orderCount?: RangeText;
  spend?: RangeText;
  balance?: RangeText;
  points?: RangeText;
  growth?: RangeText;
}

const RANGES = ['orderCount', 'spend', 'balance', 'points', 'growth'] as const;
const DAYS = ['createTime', 'memberTime', 'lastOrderTime'] as const;

const numOf = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s));

/** The request's filters for the form's values: empty fields left out, ranges as numbers, days as {from, to}. */
export function filterRequest(v: FilterValues | undefined): ClientFilterBody {
  const out: ClientFilterBody = {};
  if (!v) return out;
  if (v.keyword?.trim()) out.keyword = v.keyword.trim();
  if (v.kind !== undefined) out.kind = v.kind;
  if (v.levelIds?.length) out.levelIds = v.levelIds;
  if (v.tagIds?.length) out.tagIds = v.tagIds;
  if (v.cardIds?.length) out.cardIds = v.cardIds;
  if (v.groupId) out.groupId = v.groupId;
  for (const k of ['source', 'sex', 'status', 'audit'] as const) if (v[k] !== undefined) out[k] = v[k];
  for (const k of DAYS) {
    const [from, to] = v[k] ?? [];
    if (from || to) out[k] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  for (const k of RANGES) {
    const min = numOf(v[k]?.min);
    const max = numOf(v[k]?.max);
    if (min !== undefined || max !== undefined) out[k] = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  return out;
}

/** How many advanced filters are set (the 高级筛选 toggle shows it). */
export function advancedCount(v: FilterValues | undefined): number {
  if (!v) return 0;
  const r = filterRequest(v);
  const basic = new Set(['keyword', 'kind', 'levelIds', 'tagIds']);
  return Object.keys(r).filter((k) => !basic.has(k)).length;
}
