/** Decimal places an amount may carry. */
export const AMOUNT_DECIMALS = 2;

/** Digits only: what a count or code field accepts. */
export function toDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * A money amount as typed so far: digits and one dot, at most two decimals.
 * Later dots are dropped rather than cutting the text, so 'a1.2.3' becomes '1.23';
 * a trailing dot stays so the user can go on typing decimals.
 */
export function toAmount(input: string): string {
  const cleaned = input.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = toDigits(dot < 0 ? cleaned : cleaned.slice(0, dot)).replace(/^0+(?=\d)/, '');
  if (dot < 0) return whole;
  const decimals = toDigits(cleaned.slice(dot + 1)).slice(0, AMOUNT_DECIMALS);
  return `${whole || '0'}.${decimals}`;
}
