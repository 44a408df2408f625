import type { contract, DataOf, FormField, InputOf } from '@contract/index';
import dayjs, { type Dayjs } from 'dayjs';

export const FMT = 'YYYY-MM-DD HH:mm:ss';

/** The settings part of the designer's form (the fields are kept beside it). */
export interface Settings {
  formName: string;
  description: string;
  cover: string;
  period?: [Dayjs | null, Dayjs | null];
  totalLimit: number;
  personLimit: number;
  needPay: boolean;
  price: string;
  needVerify: boolean;
  state: boolean;
}

/** A saved form's settings as the designer edits them. */
export function settingsOf(d: DataOf<typeof contract.forms.GetFrom>): Settings {
  return {
    formName: d.formName,
    description: d.description,
    cover: d.cover,
    period: d.startTime || d.endTime ? [d.startTime ? dayjs(d.startTime) : null, d.endTime ? dayjs(d.endTime) : null] : undefined,
    totalLimit: d.totalLimit,
    personLimit: d.personLimit,
    needPay: d.needPay === 1,
    price: d.needPay === 1 ? String(d.price) : '',
    needVerify: d.needVerify,
    state: d.state === 1,
  };
}

/** What 保存 sends: a free form has no price and no 到店核销. */
export function saveBody(id: string | null, v: Settings, fields: FormField[]): InputOf<typeof contract.forms.SaveFrom> {
  return {
    formID: id ?? undefined,
    formName: v.formName,
    description: v.description ?? '',
    cover: v.cover ?? '',
    fields,
    startTime: v.period?.[0] ? v.period[0].format(FMT) : '',
    endTime: v.period?.[1] ? v.period[1].format(FMT) : '',
    totalLimit: v.totalLimit ?? 0,
    personLimit: v.personLimit ?? 0,
    needPay: v.needPay ? 1 : 0,
    price: v.needPay ? Number(v.price || 0) : 0,
    needVerify: Boolean(v.needPay && v.needVerify),
    state: v.state ? 1 : 0,
  };
}
