import {
  MEMBER_AUDIT_TEXT,
  MEMBER_KIND_TEXT,
  MEMBER_SOURCE_TEXT,
  MEMBER_STATUS_TEXT,
  type MemberRule,
  memberRule,
  RULE_CHOICE_FIELDS,
  RULE_NUMBER_FIELDS,
  RULE_SET_FIELDS,
  RULE_TIME_FIELDS,
  SEX_TEXT,
} from '@contract/index';

/**
 * A rule while it is edited: its conditions may be incomplete (no value chosen yet). `toRule` checks it with the
 * contract's schema, which gives each row its message; only a complete rule is counted or saved.
 */
export interface CondDraft {
  field: string;
  in?: number[] | string[];
  match?: 'any' | 'all' | 'none';
  ids?: string[];
  min?: number;
  max?: number;
  from?: string;
  to?: string;
  withinDays?: number;
  notWithinDays?: number;
}
export interface RuleDraft {
  op: 'and' | 'or';
  items: CondDraft[];
}

export type FieldKind = 'choice' | 'level' | 'set' | 'number' | 'time';

export function kindOf(field: string): FieldKind {
  if (field in RULE_CHOICE_FIELDS) return 'choice';
  if (field === 'level') return 'level';
  if (field in RULE_SET_FIELDS) return 'set';
  if (field in RULE_NUMBER_FIELDS) return 'number';
  return 'time';
}

export const MONEY_FIELDS = new Set(['spend', 'balance']);

const MONTHS: Record<number, string> = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, `${i + 1}月`]));
/** The values of each choice field, as the contract names them. */
export const CHOICES: Record<string, Record<number, string>> = {
  kind: MEMBER_KIND_TEXT,
  sex: SEX_TEXT,
  source: MEMBER_SOURCE_TEXT,
  birthMonth: MONTHS,
  audit: MEMBER_AUDIT_TEXT,
  status: MEMBER_STATUS_TEXT,
};

export const FIELD_NAMES: Record<string, string> = {
  ...RULE_CHOICE_FIELDS,
  ...RULE_SET_FIELDS,
  ...RULE_NUMBER_FIELDS,
  ...RULE_TIME_FIELDS,
};

/** The field select's options, grouped. */
export const FIELD_OPTIONS = [
  { label: '客户属性', options: Object.entries(RULE_CHOICE_FIELDS).map(([value, label]) => ({ value, label })) },
  { label: '等级、标签与权益卡', options: Object.entries(RULE_SET_FIELDS).map(([value, label]) => ({ value, label })) },
  {
    label: '消费与资产',
    options: Object.entries(RULE_NUMBER_FIELDS).map(([value, label]) => ({
      value,
      label: MONEY_FIELDS.has(value) ? `${label}（元）` : label,
    })),
  },
  { label: '时间', options: Object.entries(RULE_TIME_FIELDS).map(([value, label]) => ({ value, label })) },
];

/** A fresh condition of a field (its value to be chosen). */
export function newCond(field: string): CondDraft {
  const kind = kindOf(field);
  if (kind === 'set') return { field, match: 'any', ids: [] };
  if (kind === 'time') return { field, withinDays: 30 };
  if (kind === 'number') return { field };
  return { field, in: [] };
}

export const EMPTY_RULE: RuleDraft = { op: 'and', items: [] };

/** Drops what is unset (undefined, null) so the schema sees only the chosen parts. */
function clean(c: CondDraft): Record<string, unknown> {
  return Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined && v !== null));
}

export interface Checked {
  /** The rule when every condition is complete. */
  rule: MemberRule | null;
  /** A message per condition row (index), and for the rule as a whole. */
  rowErrors: Record<number, string>;
  ruleError: string;
}

/** Checks the draft with the contract's schema (the server's messages), per row. */
export function toRule(d: RuleDraft): Checked {
  const parsed = memberRule.safeParse({ op: d.op, items: d.items.map(clean) });
  if (parsed.success) return { rule: parsed.data, rowErrors: {}, ruleError: '' };
  const rowErrors: Record<number, string> = {};
  let ruleError = '';
  for (const issue of parsed.error.issues) {
    const [first, index] = issue.path;
    if (first === 'items' && typeof index === 'number') {
      // A union's failure reports its options' issues: the message of the branch of this field is in `errors`.
      rowErrors[index] ??= rowMessage(issue);
    } else ruleError ||= issue.message;
  }
  return { rule: null, rowErrors, ruleError };
}

function rowMessage(issue: { message: string; code?: string; errors?: { message: string; path: PropertyKey[] }[][] }): string {
  if (issue.code === 'invalid_union' && issue.errors) {
    // The branch whose issues are not about the field name is the one of this condition.
    const branch = issue.errors.find((list) => list.length && !list.some((e) => e.path[0] === 'field'));
    if (branch) return branch[0].message;
    return '请完善条件';
  }
  return issue.message;
}

/** One line describing a saved rule (lists): '累计消费金额 ≥ 100元 且 标签 包含任一 2个'. */
export function describeRule(
  r: MemberRule,
  names: { levels?: Map<string, string>; tags?: Map<string, string>; cards?: Map<string, string> } = {},
): string {
  if (!r.items.length) return '无条件';
  const nameList = (ids: string[], m?: Map<string, string>) => ids.map((id) => m?.get(id) ?? '已删除').join('、');
  const parts = r.items.map((c) => {
    const label = FIELD_NAMES[c.field] ?? c.field;
    switch (kindOf(c.field)) {
      case 'choice': {
        const values = (c as { in: number[] }).in.map((v) => CHOICES[c.field]?.[v] ?? String(v));
        return `${label}：${values.join('、')}`;
      }
      case 'level':
        return `${label}：${nameList((c as { in: string[] }).in, names.levels)}`;
      case 'set': {
        const s = c as { field: 'tags' | 'cards'; match: string; ids: string[] };
        const how = { any: '包含任一', all: '全部包含', none: '都不包含' }[s.match];
        return `${label}${how}：${nameList(s.ids, s.field === 'tags' ? names.tags : names.cards)}`;
      }
      case 'number': {
        const n = c as { field: string; min?: number; max?: number };
        const unit = MONEY_FIELDS.has(n.field) ? '元' : '';
        if (n.min !== undefined && n.max !== undefined) return `${label} ${n.min}${unit}～${n.max}${unit}`;
        return n.min !== undefined ? `${label} ≥ ${n.min}${unit}` : `${label} ≤ ${n.max}${unit}`;
      }
      default: {
        const t = c as CondDraft;
        if (t.withinDays) return `${label}在最近${t.withinDays}天内`;
        if (t.notWithinDays) return `${label}不在最近${t.notWithinDays}天内`;
        return `${label} ${t.from ?? '不限'} 至 ${t.to ?? '不限'}`;
      }
    }
  });
  return parts.join(r.op === 'and' ? ' 且 ' : ' 或 ');
}
