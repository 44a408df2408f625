import { FIELD_KIND, FIELD_KIND_LABELS, type FieldKind, type FormField } from '@contract/index';

export const PALETTE: FieldKind[] = [
  FIELD_KIND.text,
  FIELD_KIND.textarea,
  FIELD_KIND.number,
  FIELD_KIND.phone,
  FIELD_KIND.idcard,
  FIELD_KIND.radio,
  FIELD_KIND.checkbox,
  FIELD_KIND.date,
  FIELD_KIND.datetime,
  FIELD_KIND.image,
  FIELD_KIND.address,
];

let seq = 0;
/** A new field of a kind, with a label and options a merchant can start from. */
export function newField(kind: FieldKind, taken: FormField[]): FormField {
  const base = FIELD_KIND_LABELS[kind];
  let label = base;
  for (let i = 2; taken.some((f) => f.label === label); i++) label = `${base}${i}`;
  seq += 1;
  const choice = kind === FIELD_KIND.radio || kind === FIELD_KIND.checkbox;
  return {
    id: `f${Date.now().toString(36)}${seq}`,
    label,
    kind,
    required: false,
    placeholder: '',
    options: choice ? ['选项1', '选项2'] : [],
    decimals: 0,
    maxCount: 1,
  };
}

/** The reason a field cannot be saved, as the server would say it; null when fine. */
export function fieldProblem(f: FormField, all: FormField[]): string | null {
  if (!f.label.trim()) return '请输入字段名称';
  if (all.filter((x) => x.label.trim() === f.label.trim()).length > 1) return `字段名称重复：${f.label}`;
  if (f.kind === FIELD_KIND.radio || f.kind === FIELD_KIND.checkbox) {
    if (f.options.length < 2) return `字段「${f.label}」至少需要两个选项`;
    if (f.options.some((o) => !o.trim())) return '选项不能为空';
    if (new Set(f.options).size !== f.options.length) return `字段「${f.label}」的选项重复`;
  }
  return null;
}

/** Moves the item at `from` to `to`. */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x);
  return next;
}
