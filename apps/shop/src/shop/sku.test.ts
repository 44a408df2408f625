import { describe, expect, it } from 'vitest';
import {
  chosenSku,
  clampQuantity,
  countdown,
  grabbedOut,
  initialChoice,
  maxQuantity,
  missingSpecs,
  payPrice,
  priceSpan,
  type Sku,
  toggle,
  valueAvailable,
} from './sku';

const specs = [
  { name: '颜色', values: ['红', '黑'] },
  { name: '尺码', values: ['S', 'M'] },
];
const sku = (颜色: string, 尺码: string, price: number, stock: number): Sku => ({
  skuId: `${颜色}${尺码}`,
  specValues: { 颜色, 尺码 },
  price,
  originalPrice: price,
  stock,
});
// 红M is sold out; every 白 does not exist.
const skus = [sku('红', 'S', 59, 2), sku('红', 'M', 59, 0), sku('黑', 'S', 69, 5), sku('黑', 'M', 69, 1)];

describe('the SKU chooser rules', () => {
  it('disables a value no SKU in stock has with the other values chosen', () => {
    expect(valueAvailable(skus, {}, '尺码', 'M')).toBe(true); // 黑M has stock
    expect(valueAvailable(skus, { 颜色: '红' }, '尺码', 'M')).toBe(false); // 红M sold out
    expect(valueAvailable(skus, { 颜色: '红' }, '尺码', 'S')).toBe(true);
    expect(valueAvailable(skus, { 尺码: 'M' }, '颜色', '红')).toBe(false);
    expect(valueAvailable(skus, { 尺码: 'M' }, '颜色', '黑')).toBe(true);
    // Changing a chosen value checks against the other specs only.
    expect(valueAvailable(skus, { 颜色: '红', 尺码: 'S' }, '颜色', '黑')).toBe(true);
  });

  it('finds the SKU of a full choice only, and lists what is missing', () => {
    expect(chosenSku(specs, skus, { 颜色: '黑' })).toBeUndefined();
    expect(missingSpecs(specs, { 颜色: '黑' })).toEqual(['尺码']);
    expect(chosenSku(specs, skus, { 颜色: '黑', 尺码: 'M' })?.skuId).toBe('黑M');
    expect(missingSpecs(specs, { 颜色: '黑', 尺码: 'M' })).toEqual([]);
  });

  it('unpicks a value tapped again', () => {
    expect(toggle({ 颜色: '红' }, '颜色', '红')).toEqual({});
    expect(toggle({ 颜色: '红' }, '颜色', '黑')).toEqual({ 颜色: '黑' });
    expect(toggle({ 颜色: '红' }, '尺码', 'S')).toEqual({ 颜色: '红', 尺码: 'S' });
  });

  it('chooses the single SKU of a goods without specs, and single values at once', () => {
    const plain = [{ skuId: 'one', specValues: {}, price: 9.9, originalPrice: 9.9, stock: 4 }];
    expect(initialChoice([], plain)).toEqual({});
    expect(chosenSku([], plain, {})?.skuId).toBe('one');
    expect(
      initialChoice(
        [{ name: '口味', values: ['原味'] }, specs[1]],
        [sku('原味', 'S', 1, 1)].map((s) => ({ ...s, specValues: { 口味: '原味', 尺码: 'S' } })),
      ),
    ).toEqual({
      口味: '原味',
    });
  });

  it('bounds the quantity by the stock and the purchase limit', () => {
    const blackS = skus[2]; // stock 5
    expect(maxQuantity(blackS, 0)).toBe(5);
    expect(maxQuantity(blackS, 2)).toBe(2);
    expect(maxQuantity(blackS, 9)).toBe(5);
    expect(maxQuantity(skus[1], 3)).toBe(0);
    expect(maxQuantity(undefined, 3)).toBe(0);
    expect(clampQuantity(7, 5)).toBe(5);
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(2.7, 5)).toBe(2);
    expect(clampQuantity(3, 0)).toBe(0);
  });

  it('shows the price span of the SKUs still matching', () => {
    expect(priceSpan(skus, {})).toEqual({ min: 59, max: 69 });
    expect(priceSpan(skus, { 颜色: '黑' })).toEqual({ min: 69, max: 69 });
  });
});

describe('a SKU in a running activity', () => {
  const act = (left: number, perMemberLimit = 0) => ({ type: 2, tag: '秒杀', price: 39, left, endsIn: 90_061, perMemberLimit });
  const flash: Sku = { ...sku('红', 'S', 59, 20), activity: act(5, 2) };
  it('costs the activity price, also in the span, as checkout charges', () => {
    expect(payPrice(flash)).toBe(39);
    expect(priceSpan([flash, sku('黑', 'S', 69, 5)], {})).toEqual({ min: 39, max: 69 });
  });
  it('caps the quantity by the activity stock left and its per-member limit; gone is 已抢光', () => {
    expect(maxQuantity(flash, 0)).toBe(2);
    expect(maxQuantity({ ...flash, activity: act(3) }, 10)).toBe(3);
    const gone = { ...flash, activity: act(0) };
    expect(maxQuantity(gone, 0)).toBe(0);
    expect(grabbedOut(gone)).toBe(true);
    expect(grabbedOut(flash)).toBe(false);
  });
  it('counts down in days, hours, minutes and seconds', () => {
    expect(countdown(90_061)).toBe('1天 01:01:01');
    expect(countdown(59)).toBe('00:00:59');
    expect(countdown(-5)).toBe('00:00:00');
  });
});
