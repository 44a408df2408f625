// Property tests of the money module at the API edge (packages/contract/src/core/money.ts; issue 13 part 5).
import {
  fenText,
  fenToYuan,
  MONEY_MAX_FEN,
  MONEY_MAX_YUAN,
  parseYuan,
  roundToFen,
  scaleFen,
  yuanField,
  yuanText,
  yuanToFen,
} from '@shop/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenFromDb } from '@/core/money';

const RUNS = { numRuns: 2000 };
/** Every fen amount from 0 to the largest the edge takes. */
const fenAmount = fc.integer({ min: 0, max: MONEY_MAX_FEN });
/** '1234.5', '1234.50', '1234' and '01234.05': the ways a 2-decimal amount may be written. */
const written = (fen: number) => {
  const int = Math.floor(fen / 100);
  const dec = String(fen % 100).padStart(2, '0');
  return fc.constantFrom(
    `${int}.${dec}`,
    dec.endsWith('0') ? `${int}.${dec[0]}` : `${int}.${dec}`,
    fen % 100 ? `${int}.${dec}` : `${int}`,
    `0${int}.${dec}`,
  );
};
/** The exact decimal sum of two fen amounts as text, by integer arithmetic on BigInt. */
const exactText = (fen: bigint) => `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;
const price = yuanField('价格', { max: 9_999_999, maxText: '9999999' });
const refusal = (v: unknown) => {
  const r = price.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('yuan → fen → yuan', () => {
  it('round-trips every 2-decimal amount up to the max exactly, as text and as a number', () => {
    fc.assert(
      fc.property(
        fenAmount.chain((fen) => fc.tuple(fc.constant(fen), written(fen))),
        ([fen, text]) => {
          expect(parseYuan(text)).toEqual({ ok: true, fen });
          expect(yuanToFen(Number(text))).toBe(fen);
          const yuan = fenToYuan(fen);
          expect(yuanToFen(yuan)).toBe(fen);
          expect(Number(text)).toBe(yuan);
          expect(fenText(fen)).toBe(`${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`);
        },
      ),
      RUNS,
    );
  });

  it('takes the max itself and refuses one fen more', () => {
    expect(parseYuan(MONEY_MAX_YUAN)).toEqual({ ok: true, fen: MONEY_MAX_FEN });
    expect(parseYuan(`${MONEY_MAX_YUAN}.01`)).toEqual({ ok: false, reason: 'range' });
    expect(parseYuan('100000000.00')).toEqual({ ok: true, fen: 10_000_000_000 });
    expect(fenToYuan(10_000_000_000)).toBe(100_000_000);
  });
});

describe('fen → yuan → fen', () => {
  it('is the identity on every integer fen, negative too', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MONEY_MAX_FEN, max: MONEY_MAX_FEN }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
        expect(yuanToFen(fenText(fen))).toBe(fen);
        expect(roundToFen(fenToYuan(fen))).toBe(fen);
      }),
      RUNS,
    );
  });

  it('refuses a fen that is not a safe integer instead of rounding it', () => {
    expect(() => fenToYuan(1.5)).toThrow();
    expect(() => fenToYuan(2 ** 53)).toThrow();
    expect(() => fenText(Number.NaN)).toThrow();
    expect(fenFromDb('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(fenFromDb(10_000_000_000n)).toBe(10_000_000_000);
    expect(() => fenFromDb('9007199254740993')).toThrow();
    expect(() => fenFromDb(9007199254740993n)).toThrow();
  });
});

describe('no float artefacts', () => {
  it('adds amounts in fen exactly, and shows a float sum of yuan at its exact two decimals', () => {
    fc.assert(
      fc.property(fenAmount, fenAmount, (a, b) => {
        const exact = exactText(BigInt(a) + BigInt(b));
        expect(fenText(yuanToFen(fenToYuan(a)) + yuanToFen(fenToYuan(b)))).toBe(exact);
        // 0.1 + 0.2 style: the float sum of two yuan figures is shown by the rounding rule at its exact value.
        expect(yuanText(fenToYuan(a) + fenToYuan(b))).toBe(exact);
      }),
      RUNS,
    );
  });

  it('refuses 0.1 + 0.2 as an input (it is not 0.3) and shows it as 0.30', () => {
    expect(parseYuan(0.1 + 0.2)).toEqual({ ok: false, reason: 'decimals' });
    expect(yuanText(0.1 + 0.2)).toBe('0.30');
    expect(yuanToFen(0.3)).toBe(30);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(4.35)).toBe(435);
  });
});

describe('refusals', () => {
  it('refuses every amount with a third decimal, naming the field', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_998 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 9 }),
        (int, cents, third) => {
          const text = `${int}.${String(cents).padStart(2, '0')}${third}`;
          expect(parseYuan(text)).toEqual({ ok: false, reason: 'decimals' });
          expect(refusal(text)).toBe('价格最多保留两位小数');
          expect(refusal(Number(text))).toBe('价格最多保留两位小数');
        },
      ),
      RUNS,
    );
  });

  it('refuses whatever is not a plain decimal number with a Chinese message naming the field', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== '' && !/^-?\d+(\.\d+)?$/.test(s.trim())),
        (text) => {
          expect(parseYuan(text).ok).toBe(false);
          expect(refusal(text)).toMatch(/^价格/);
        },
      ),
      RUNS,
    );
    for (const bad of ['abc', '1e3', '1E3', '0x10', '12.', '.5', '+5', '１２', '1,000', 'NaN', 'Infinity'])
      expect(refusal(bad)).toBe('价格须为金额数字，如 12.50');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, true, {}, []])
      expect(refusal(bad)).toBe('价格须为金额数字，如 12.50');
    expect(refusal(undefined)).toBe('请输入价格');
    expect(refusal(null)).toBe('请输入价格');
    expect(refusal('  ')).toBe('请输入价格');
    expect(refusal(1e-7)).toBe('价格最多保留两位小数');
    expect(refusal(-0.01)).toBe('价格不能小于0');
    expect(refusal('-1')).toBe('价格不能小于0');
    expect(refusal(9_999_999.01)).toBe('价格不能超过9999999');
    expect(refusal(1e21)).toBe('价格不能超过9999999');
    expect(refusal('123456789012345678901234567890')).toBe('价格不能超过9999999');
  });

  it('parses a good amount into integer fen', () => {
    expect(price.parse('12.5')).toBe(1250);
    expect(price.parse(' 12.50 ')).toBe(1250);
    expect(price.parse(0)).toBe(0);
    expect(price.parse(9_999_999)).toBe(999_999_900);
  });
});

describe('ordering', () => {
  it('is the same in fen, in yuan and in the parsed text', () => {
    fc.assert(
      fc.property(fenAmount, fenAmount, (a, b) => {
        expect(Math.sign(fenToYuan(a) - fenToYuan(b))).toBe(Math.sign(a - b));
        expect(Math.sign(yuanToFen(fenText(a)) - yuanToFen(fenText(b)))).toBe(Math.sign(a - b));
      }),
      RUNS,
    );
  });
});

describe('the rounding rule of computed amounts: half up to the fen', () => {
  it('scaleFen matches exact rational rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MONEY_MAX_FEN, max: MONEY_MAX_FEN }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        (fen, num, den) => {
          const p = BigInt(fen) * BigInt(num);
          const d = BigInt(den);
          const abs = p < 0n ? -p : p;
          // half up, away from zero: floor(|p|/d + 1/2)
          const q = (abs * 2n + d) / (2n * d);
          expect(scaleFen(fen, num, den)).toBe(Number(p < 0n ? -q : q));
        },
      ),
      RUNS,
    );
    expect(scaleFen(5, 7, 10)).toBe(4); // 3.5 → 4, where 5 * 0.7 = 3.4999999999999996 in floats
    expect(scaleFen(15, 1, 10)).toBe(2); // 1.5 → 2
    expect(scaleFen(-15, 1, 10)).toBe(-2);
    expect(scaleFen(14, 1, 10)).toBe(1);
  });

  it('roundToFen rounds half up after dropping float noise', () => {
    expect(roundToFen(1.005)).toBe(101);
    expect(roundToFen(1.004)).toBe(100);
    expect(roundToFen(-1.005)).toBe(-101);
    expect(roundToFen(0.125)).toBe(13);
    expect(yuanText(2.675)).toBe('2.68');
  });
});
