import { FIELD_KIND, type FormField, isIdCard, PHONE_RE } from '@shop/contract';
import { BizError, CODE } from '@/core/errors';
import { fmtTime, parseTime } from '@/core/time';
import type { SubmittedItem } from './forms.tables';

function isEmpty(v: unknown) {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * Checks the answers against the form's fields, with the same rules the fill page shows;
 * answers the items to store, in field order.
 */
export function checkAnswers(fields: FormField[], answers: Record<string, unknown>): SubmittedItem[] {
  const fail = (msg: string): never => {
    throw new BizError(msg, CODE.validation);
  };
  return fields.map((f) => {
    const raw = answers[f.id];
    const item = (value: SubmittedItem['value']): SubmittedItem => ({ fieldId: f.id, label: f.label, kind: f.kind, value });
    if (isEmpty(raw)) {
      if (f.required)
        fail(
          f.kind === FIELD_KIND.image ? `请上传${f.label}` : [6, 7, 4, 5, 10].includes(f.kind) ? `请选择${f.label}` : `请填写${f.label}`,
        );
      return item(null);
    }
    switch (f.kind) {
      case FIELD_KIND.number: {
        const s = String(raw).trim();
        const re = f.decimals > 0 ? new RegExp(`^-?\\d+(\\.\\d{1,${f.decimals}})?$`) : /^-?\d+$/;
        if (!re.test(s)) fail(f.decimals > 0 ? `${f.label}须为数字，最多${f.decimals}位小数` : `${f.label}须为整数`);
        const n = Number(s);
        if (Math.abs(n) > 1e12) fail(`${f.label}超出范围`);
        return item(n);
      }
      case FIELD_KIND.phone: {
        const s = String(raw).trim();
        if (!PHONE_RE.test(s)) fail(`${f.label}格式不正确`);
        return item(s);
      }
      case FIELD_KIND.idcard: {
        const s = String(raw).trim().toUpperCase();
        if (!isIdCard(s)) fail(`${f.label}格式不正确`);
        return item(s);
      }
      case FIELD_KIND.date: {
        const s = String(raw).trim();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(parseTime(s).getTime())) fail(`${f.label}格式不正确`);
        return item(s);
      }
      case FIELD_KIND.datetime: {
        const s = String(raw).trim();
        const d = parseTime(s);
        if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(s) || Number.isNaN(d.getTime())) fail(`${f.label}格式不正确`);
        return item(fmtTime(d));
      }
      case FIELD_KIND.radio: {
        const s = String(raw);
        if (!f.options.includes(s)) fail(`${f.label}的选项不正确`);
        return item(s);
      }
      case FIELD_KIND.checkbox: {
        const list = Array.isArray(raw) ? raw.map(String) : [String(raw)];
        if (list.some((x) => !f.options.includes(x)) || new Set(list).size !== list.length) fail(`${f.label}的选项不正确`);
        return item(f.options.filter((o) => list.includes(o)));
      }
      case FIELD_KIND.image: {
        const list = Array.isArray(raw) ? raw.map(String) : [String(raw)];
        if (list.length > f.maxCount) fail(`${f.label}最多上传${f.maxCount}张`);
        if (list.some((u) => !/^\/file\/[\w./-]+$/.test(u))) fail(`${f.label}的图片不正确`);
        return item(list);
      }
      case FIELD_KIND.textarea: {
        const s = String(raw).trim();
        if (s.length > 2000) fail(`${f.label}不能超过2000个字`);
        return item(s);
      }
      default: {
        const s = String(raw).trim();
        if (s.length > (f.kind === FIELD_KIND.address ? 200 : 200)) fail(`${f.label}不能超过200个字`);
        return item(s);
      }
    }
  });
}

/** Spec 000 §2.4: a stored item as the detail dialog reads it. */
export function toDetailItem(i: SubmittedItem) {
  const v = i.value;
  const text = Array.isArray(v) ? v.join(i.kind === FIELD_KIND.image ? ',' : '、') : v === null ? '' : String(v);
  return {
    lbText: i.label,
    itemType: i.kind,
    formDecimal: i.kind === FIELD_KIND.number && typeof v === 'number' ? v : null,
    formText: text,
    startTime:
      i.kind === FIELD_KIND.date && typeof v === 'string'
        ? `${v} 00:00:00`
        : i.kind === FIELD_KIND.datetime && typeof v === 'string'
          ? v
          : '',
  };
}

/** A one-line summary of the first answers, for lists. */
export function summaryOf(items: SubmittedItem[]): string {
  return items
    .filter((i) => i.value !== null && i.kind !== FIELD_KIND.image)
    .slice(0, 3)
    .map((i) => `${i.label}：${Array.isArray(i.value) ? i.value.join('、') : i.value}`)
    .join('；');
}
