import { fenToYuan, yuanText, yuanToFen } from '@contract/core/money';

/**
 * The console's one money formatter (issue 13 part 5): a yuan figure of an answer as '¥12.50', two decimals, through
 * the contract's money module (packages/contract/src/core/money.ts) — never toFixed or × 100 by hand.
 */
export const yuan = (v: number) => `¥${yuanText(v)}`;

/** Two decimals without the sign: '12.50' (table columns headed 金额（元）, '…+9.90元'). */
export const yuanPlain = (v: number) => yuanText(v);

/** One price or a span: '¥9.90', '¥9.90 – ¥19.90'. */
export const yuanSpan = (min: number, max: number) => (min === max ? yuan(min) : `${yuan(min)} – ${yuan(max)}`);

/** A yuan figure of an answer times a count, exactly (in fen): 0.1 × 3 is 0.3, not 0.30000000000000004. */
export const yuanTimes = (v: number, n: number) => fenToYuan(yuanToFen(v) * n);
