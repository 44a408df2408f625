import type { MemberRights } from '@contract/index';

/** The form's rights (each on or off, discount in 折, points rate in 倍) ↔ the contract's memberRights. */
export interface RightsForm {
  discountOn: boolean;
  /** 0.1 – 9.9 折. */
  discount: number | null;
  pointsOn: boolean;
  /** 1.1 – 10 倍. */
  pointsTimes: number | null;
  freeShipping: boolean;
  birthdayOn: boolean;
  birthdayPoints: number | null;
}

export function rightsToForm(r: MemberRights): RightsForm {
  return {
    discountOn: r.discount < 1000,
    discount: r.discount < 1000 ? r.discount / 100 : null,
    pointsOn: r.pointsTimes > 10,
    pointsTimes: r.pointsTimes > 10 ? r.pointsTimes / 10 : null,
    freeShipping: r.freeShipping,
    birthdayOn: r.birthdayPoints > 0,
    birthdayPoints: r.birthdayPoints > 0 ? r.birthdayPoints : null,
  };
}

export function rightsFromForm(f: RightsForm): MemberRights {
  return {
    discount: f.discountOn && f.discount ? Math.round(f.discount * 100) : 1000,
    pointsTimes: f.pointsOn && f.pointsTimes ? Math.round(f.pointsTimes * 10) : 10,
    freeShipping: Boolean(f.freeShipping),
    birthdayPoints: f.birthdayOn && f.birthdayPoints ? Math.round(f.birthdayPoints) : 0,
  };
}

/** 0 → 永久有效, else 领取后N天内有效. */
export const validityText = (days: number) => (days === 0 ? '永久有效' : `领取后${days}天内有效`);
