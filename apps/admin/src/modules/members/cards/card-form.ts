import type { CardLook, contract, DataOf, InputOf } from '@contract/index';
import { type RightsForm, rightsFromForm, rightsToForm } from './cards-format';

export interface CardValues extends RightsForm {
  name: string;
  needpay: 0 | 1;
  price: string;
  /** 0 永久有效, 1 领取后N天. */
  validKind: 0 | 1;
  validDays: number | null;
  bgColor: string;
  bgImage: string;
  textColor: string;
  notice: string;
  status: 0 | 1;
}

/** Server field paths and the form item that shows their message. */
export const FIELD_OF: Record<string, keyof CardValues> = {
  name: 'name',
  needpay: 'needpay',
  price: 'price',
  validDays: 'validDays',
  'rights.discount': 'discount',
  'rights.pointsTimes': 'pointsTimes',
  'rights.birthdayPoints': 'birthdayPoints',
  'cover.bgColor': 'bgColor',
  'cover.bgImage': 'bgImage',
  'cover.textColor': 'textColor',
  notice: 'notice',
};

export const COLORS = ['#1f1f1f', '#2f54eb', '#c41d7f', '#d4380d', '#d48806', '#389e0d', '#8c6a3f'];
export const DEFAULTS: Partial<CardValues> = {
  needpay: 0,
  price: '',
  validKind: 0,
  validDays: 365,
  discountOn: false,
  discount: 9.5,
  pointsOn: false,
  pointsTimes: 2,
  freeShipping: false,
  birthdayOn: false,
  birthdayPoints: 100,
  bgColor: '#1f1f1f',
  bgImage: '',
  textColor: '#ffffff',
  notice: '',
  status: 1,
};

export const lookOf = (x: CardValues): CardLook => ({ bgColor: x.bgColor, bgImage: x.bgImage ?? '', textColor: x.textColor });

/** A saved card as the form shows it (a card valid forever keeps 365 days ready in case it gets a validity). */
export function cardValuesOf(d: DataOf<typeof contract.vipCards.detail>): Partial<CardValues> {
  return {
    name: d.name,
    needpay: d.needpay as CardValues['needpay'],
    price: d.needpay === 1 ? String(d.price) : '',
    validKind: d.validDays === 0 ? 0 : 1,
    validDays: d.validDays === 0 ? 365 : d.validDays,
    ...rightsToForm(d.rights),
    bgColor: d.cover.bgColor,
    bgImage: d.cover.bgImage,
    textColor: d.cover.textColor,
    notice: d.notice,
    status: d.status as CardValues['status'],
  };
}

export function cardBodyOf(x: CardValues, id: string | null): InputOf<typeof contract.vipCards.save> {
  return {
    id: id ?? undefined,
    name: x.name,
    needpay: x.needpay,
    price: x.needpay === 1 ? x.price : undefined,
    validDays: x.validKind === 0 ? 0 : (x.validDays ?? 0),
    rights: rightsFromForm(x),
    cover: lookOf(x),
    notice: x.notice ?? '',
    status: x.status,
  };
}
