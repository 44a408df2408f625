import { describe, expect, it } from 'vitest';
import { rightsFromForm, rightsToForm, validityText } from './cards-format';

describe('rights card form values', () => {
  it('round-trips the form values and drops rights that are off', () => {
    const r = { discount: 950, pointsTimes: 20, freeShipping: true, birthdayPoints: 100 };
    expect(rightsFromForm(rightsToForm(r))).toEqual(r);
    expect(rightsFromForm({ ...rightsToForm(r), discountOn: false, pointsOn: false, birthdayOn: false })).toEqual({
      discount: 1000,
      pointsTimes: 10,
      freeShipping: true,
      birthdayPoints: 0,
    });
    // 9.5 折 typed as a float still lands on 950.
    expect(rightsFromForm({ ...rightsToForm(r), discount: 9.5 }).discount).toBe(950);
  });
  it('names the validity', () => {
    expect(validityText(0)).toBe('永久有效');
    expect(validityText(30)).toBe('领取后30天内有效');
  });
});
