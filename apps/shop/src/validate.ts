// The fill page's checks: the same rules and texts as the server's checkAnswers (apps/server/src/modules/forms/answers.ts),
// so a customer meets them before submitting.
import { isIdCard, PHONE_RE } from '@contract/core/rules';
import { FIELD_KIND } from '@contract/forms/field-kinds';
import type { FormField } from './api';

/** The contract's field kinds (a zod-free module, so the schema library stays out of this bundle). */
export const KIND = FIELD_KIND;
export { isIdCard };

export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;

/** Province / city / district and the detail line; stored as one text. */
export interface AddressValue {
  codes: string[];
  names: string[];
  /** The last chosen area has no children. */
  complete: boolean;
  detail: string;
}

/** What a field holds while the customer fills it: text, choices / image urls, or an address. */
export type Answer = string | string[] | AddressValue;
export type Answers = Record<string, Answer | undefined>;

export const isAddress = (v: Answer | undefined): v is AddressValue => typeof v === 'object' && v !== null && !Array.isArray(v);

function validDate(s: string): boolean {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The text an address is stored as: 广东省深圳市南山区 科技园路1号 ('市辖区' says nothing and is left out). */
export function addressText(v: AddressValue): string {
  const region = v.names.filter((n) => n !== '市辖区' && n !== '县').join('');
  return `${region} ${v.detail.trim()}`.trim();
}

export function isEmpty(v: Answer | undefined): boolean {
  if (v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.length === 0;
  return v.codes.length === 0 && v.detail.trim() === '';
}

/** The server's text for a required field left empty. */
export function requiredMsg(f: Pick<FormField, 'kind' | 'label'>): string {
  if (f.kind === KIND.image) return `请上传${f.label}`;
  const choose: number[] = [KIND.radio, KIND.checkbox, KIND.date, KIND.datetime, KIND.address];
  return choose.includes(f.kind) ? `请选择${f.label}` : `请填写${f.label}`;
}

/** '' when the answer is acceptable, else the message to show under the field. */
export function checkField(f: FormField, v: Answer | undefined): string {
  if (isEmpty(v)) return f.required ? requiredMsg(f) : '';
  const bad = `${f.label}格式不正确`;
  const s = typeof v === 'string' ? v.trim() : '';
  switch (f.kind) {
    case KIND.number: {
      const re = f.decimals > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${f.decimals}})?$`) : /^-?\d+$/;
      if (!re.test(s)) return f.decimals > 0 ? `${f.label}须为数字，最多${f.decimals}位小数` : `${f.label}须为整数`;
      return Math.abs(Number(s)) > 1e12 ? `${f.label}超出范围` : '';
    }
    case KIND.phone:
      return PHONE_RE.test(s) ? '' : bad;
    case KIND.idcard:
      return isIdCard(s.toUpperCase()) ? '' : bad;
    case KIND.date:
      return /^\d{4}-\d{2}-\d{2}$/.test(s) && validDate(s) ? '' : bad;
    case KIND.datetime:
      return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/.test(s) && validDate(s) ? '' : bad;
    case KIND.radio:
      return f.options.includes(String(v)) ? '' : `${f.label}的选项不正确`;
    case KIND.checkbox: {
      const list = Array.isArray(v) ? v : [String(v)];
      return list.every((x) => f.options.includes(x)) && new Set(list).size === list.length ? '' : `${f.label}的选项不正确`;
    }
    case KIND.image: {
      const list = Array.isArray(v) ? v : [String(v)];
      return list.length > f.maxCount ? `${f.label}最多上传${f.maxCount}张` : '';
    }
    case KIND.textarea:
      return s.length > TEXTAREA_MAX ? `${f.label}不能超过${TEXTAREA_MAX}个字` : '';
    case KIND.address: {
      if (!isAddress(v)) return bad;
      if (!v.complete) return v.codes.length === 0 && f.required ? requiredMsg(f) : `请选择完整的${f.label}`;
      if (!v.detail.trim()) return `请填写${f.label}的详细地址`;
      return addressText(v).length > TEXT_MAX ? `${f.label}不能超过${TEXT_MAX}个字` : '';
    }
    default:
      return s.length > TEXT_MAX ? `${f.label}不能超过${TEXT_MAX}个字` : '';
  }
}

/** Every field's message, for the fields that have one. */
export function checkAll(fields: FormField[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const msg = checkField(f, answers[f.id]);
    if (msg) errors[f.id] = msg;
  }
  return errors;
}

/** The answers as Create takes them: {fieldId: value}, empty fields left out. */
export function toPayload(fields: FormField[], answers: Answers): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = answers[f.id];
    if (v === undefined || isEmpty(v)) continue;
    if (isAddress(v)) out[f.id] = addressText(v);
    else if (Array.isArray(v)) out[f.id] = v;
    else if (f.kind === KIND.idcard) out[f.id] = v.trim().toUpperCase();
    else if (f.kind === KIND.datetime) out[f.id] = v.trim().replace('T', ' ');
    else out[f.id] = v.trim();
  }
  return out;
}

/** The field a server refusal is about (its label opens or follows 请填写 / 请选择 / 请上传), if any. */
export function fieldOfMessage(fields: FormField[], msg: string): FormField | undefined {
  const bare = msg.replace(/^请(填写|选择|上传|选择完整的)/, '');
  return [...fields].sort((a, b) => b.label.length - a.label.length).find((f) => bare.startsWith(f.label));
}
