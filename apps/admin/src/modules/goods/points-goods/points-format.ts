import { yuanPlain } from '@/shared/money';

/** What a member pays: '100积分' or '100积分+9.90元'. */
export function pointsPrice(points: number, cash: number): string {
  return cash > 0 ? `${points}积分+${yuanPlain(cash)}元` : `${points}积分`;
}

/** The exchange window for the list: '不限' without bounds, else from – to with an open end shown as 不限. */
export function windowText(start: string, end: string): string {
  if (!start && !end) return '不限';
  return `${start || '不限'} 至 ${end || '不限'}`;
}
