import { type CardLook, type contract, type DataOf, DEFAULT_CARD, type InputOf, NO_RIGHTS, yuanText } from '@contract/index';

/** The level form's values: rights in the units the merchant types (折, 倍), the price as typed. */
export interface LevelValues {
  name: string;
  rank: number;
  growth?: number;
  price?: string;
  validDays: number;
  /** 折 (0.1–10). */
  discount: number;
  /** 倍 (1–10). */
  pointsTimes: number;
  freeShipping: boolean;
  birthdayPoints: number;
  description: string;
  card: CardLook;
}

export const LEVEL_INITIAL: Partial<LevelValues> = {
  rank: 1,
  growth: 0,
  validDays: 365,
  discount: NO_RIGHTS.discount / 100,
  pointsTimes: NO_RIGHTS.pointsTimes / 10,
  freeShipping: false,
  birthdayPoints: 0,
  description: '',
  card: { ...DEFAULT_CARD },
};

/** A saved level as the form shows it. */
export function levelValuesOf(d: DataOf<typeof contract.levels.getlv>): LevelValues {
  return {
    name: d.name,
    rank: d.rank,
    growth: d.growth,
    price: yuanText(d.price),
    validDays: d.validDays,
    discount: d.rights.discount / 100,
    pointsTimes: d.rights.pointsTimes / 10,
    freeShipping: d.rights.freeShipping,
    birthdayPoints: d.rights.birthdayPoints,
    description: d.description,
    card: d.card,
  };
}

/** The save body of the form's values: a free level has a growth, a paid one a price and a validity. */
export function levelBodyOf(v: LevelValues, id: string | null, needpay: 0 | 1): InputOf<typeof contract.levels.save> {
  return {
    id: id ?? undefined,
    needpay,
    name: v.name,
    rank: v.rank,
    growth: needpay === 0 ? v.growth : undefined,
    price: needpay === 1 ? v.price : undefined,
    validDays: needpay === 1 ? v.validDays : 0,
    rights: {
      discount: Math.round(v.discount * 100),
      pointsTimes: Math.round(v.pointsTimes * 10),
      freeShipping: v.freeShipping,
      birthdayPoints: v.birthdayPoints,
    },
    description: v.description ?? '',
    card: { bgColor: v.card.bgColor, textColor: v.card.textColor, bgImage: v.card.bgImage ?? '' },
  };
}
