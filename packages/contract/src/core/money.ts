import { z } from 'zod';

/**
 * Money (DESIGN §3, §11): integer fen (分) inside the server and the database (`bigint` columns), yuan (元) with at
 * most 2 decimals at the API edge. This module is the one place that converts between them.
 *
 * The rounding rule, one for the whole product:
 * - An amount someone types or sends (a request field, a spreadsheet cell) is never rounded: more than 2 decimals is
 *   refused (`<字段>最多保留两位小数`), and so are NaN, Infinity, exponent forms (`1e3`) and anything not a plain
 *   decimal number (`<字段>须为金额数字，如 12.50`).
 * - An amount the product computes (a discount, a rate, a share) rounds half up — half away from zero — to the fen:
 *   `scaleFen(fen, num, den)` exactly on integers, `roundToFen(yuan)` for a yuan figure computed in floating point.
 *
 * Yuan is read from its decimal text, never by multiplying a float by 100: a number is read as the shortest text that
 * gives it back (`String(v)`: `19.99` → "19.99"), so `0.1 + 0.2` (0.30000000000000004) is refused, not stored as 30.
 * Every amount stays within MONEY_MAX_YUAN, far inside Number.MAX_SAFE_INTEGER fen, so a JS number holds it exactly.
 */

/** The largest amount of any money field: 10 亿元. A field may set a lower business limit. */
export const MONEY_MAX_YUAN = 1_000_000_000;
export const MONEY_MAX_FEN = MONEY_MAX_YUAN * 100;

const YUAN_RE = /^(-?)(\d+)(?:\.(\d+))?$/;

export type YuanParse = { ok: true; fen: number } | { ok: false; reason: 'empty' | 'format' | 'decimals' | 'range' };

/**
 * Reads a yuan amount (a number, or its text: '12', '12.5', '12.50', '-3') as integer fen, exactly. Refuses an empty
 * text, a non-finite number, an exponent or any other form ('format'), more than 2 decimals ('decimals') and an
 * amount beyond ±MONEY_MAX_YUAN ('range').
 */
export function parseYuan(v: unknown): YuanParse {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { ok: false, reason: 'format' };
    s = Object.is(v, -0) ? '0' : String(v);
  } else if (typeof v === 'string') {
    s = v.trim();
    if (s === '') return { ok: false, reason: 'empty' };
  } else return { ok: false, reason: v === undefined || v === null ? 'empty' : 'format' };
  const m = YUAN_RE.exec(s);
  if (!m) {
    // A number's shortest text has an exponent below 1e-6 and from 1e21: the first has too many decimals.
    if (typeof v === 'number' && Math.abs(v) < 1) return { ok: false, reason: 'decimals' };
    return { ok: false, reason: typeof v === 'number' ? 'range' : 'format' };
  }
  const [, sign, int, dec = ''] = m;
  if (dec.length > 2) return { ok: false, reason: 'decimals' };
  const whole = int.replace(/^0+(?=\d)/, '');
  if (whole.length > String(MONEY_MAX_YUAN).length) return { ok: false, reason: 'range' };
  const fen = Number(whole) * 100 + Number(dec.padEnd(2, '0'));
  if (fen > MONEY_MAX_FEN) return { ok: false, reason: 'range' };
  return { ok: true, fen: sign && fen !== 0 ? -fen : fen };
}

/** Yuan → integer fen, exactly; throws on what parseYuan refuses. For trusted figures (seeds, tests, constants). */
export function yuanToFen(yuan: number | string): number {
  const r = parseYuan(yuan);
  if (!r.ok) throw new Error(`金额格式不正确: ${String(yuan)}`);
  return r.fen;
}

/** Integer fen → yuan for an answer (19999 → 199.99). Throws on a fen that is not a safe integer. */
export function fenToYuan(fen: number): number {
  if (!Number.isSafeInteger(fen)) throw new Error(`金额不是整数分: ${fen}`);
  // fen / 100 is the double nearest the exact decimal, so String() of it is that decimal.
  return fen / 100;
}

/** Integer fen as yuan text with two decimals: 19990 → '199.90', -5 → '-0.05'. Exact, no float. */
export function fenText(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error(`金额不是整数分: ${fen}`);
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A yuan figure computed in floating point (a sum in the console, a rate) → fen, rounded half up (away from zero) by
 * the written rule. Float noise is dropped first at 15 significant digits, so 1.005 is 1.005 (→ 101), not
 * 1.00499999…; a yuan with at most 2 decimals comes back exactly.
 */
export function roundToFen(yuan: number): number {
  if (!Number.isFinite(yuan)) throw new Error(`金额不是数字: ${yuan}`);
  const cents = Math.abs(Number((Math.abs(yuan) * 100).toPrecision(15)));
  const fen = Math.floor(cents + 0.5);
  return yuan < 0 && fen !== 0 ? -fen : fen;
}

/** Yuan with two decimals for display: 12 → '12.00', 0.1 + 0.2 → '0.30'. The console's one money formatter. */
export function yuanText(yuan: number): string {
  return fenText(roundToFen(yuan));
}

/**
 * fen × num / den rounded half up (away from zero) to the fen, exactly on integers: a discount of 85 % is
 * scaleFen(fen, 85, 100), a rate of 1.2 is scaleFen(fen, 6, 5).
 */
export function scaleFen(fen: number, num: number, den: number): number {
  if (![fen, num, den].every(Number.isSafeInteger) || den === 0) throw new Error('scaleFen: 须为整数');
  const p = BigInt(fen) * BigInt(num);
  const d = BigInt(den);
  const neg = p < 0n !== d < 0n;
  const a = p < 0n ? -p : p;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return Number(neg ? -q : q);
}

export interface YuanFieldOptions {
  /** Largest yuan the field takes (a business limit); MONEY_MAX_YUAN at most. */
  max?: number;
  /** Smallest yuan; 0 unless said. */
  min?: number;
  /** How the limit reads in the message: `${label}不能超过${maxText}` (default `${max}元`). */
  maxText?: string;
}

/** The messages of a yuan field, each naming the field. */
export const yuanMessages = (label: string, o: Required<Pick<YuanFieldOptions, 'max' | 'min'>> & { maxText: string }) => ({
  empty: `请输入${label}`,
  format: `${label}须为金额数字，如 12.50`,
  decimals: `${label}最多保留两位小数`,
  min: `${label}不能小于${o.min}`,
  max: `${label}不能超过${o.maxText}`,
});

/**
 * A yuan field of a request: takes a number or its text (a number ≥ min, ≤ max, at most 2 decimals) and parses into
 * integer FEN — the handler reads `price` as fen. Messages name the field (see yuanMessages).
 */
export function yuanField(label: string, options: YuanFieldOptions = {}) {
  const max = Math.min(options.max ?? MONEY_MAX_YUAN, MONEY_MAX_YUAN);
  const min = options.min ?? 0;
  const msg = yuanMessages(label, { max, min, maxText: options.maxText ?? `${max}元` });
  const maxFen = yuanToFen(max);
  const minFen = yuanToFen(min);
  return z
    .union([z.number(), z.string()], { error: (iss) => (iss.input === undefined || iss.input === null ? msg.empty : msg.format) })
    .transform((v, ctx): number => {
      const r = parseYuan(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.reason === 'range' ? (Number(v) < 0 ? msg.min : msg.max) : msg[r.reason] });
        return z.NEVER;
      }
      if (r.fen < minFen) ctx.addIssue({ code: 'custom', message: msg.min });
      else if (r.fen > maxFen) ctx.addIssue({ code: 'custom', message: msg.max });
      return r.fen;
    });
}

/** A yuan figure of an answer (what fenToYuan gives): a number with at most 2 decimals. */
export const yuanOut = () => z.number();
