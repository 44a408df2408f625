import type { MemberRights } from './member.schemas';

// Plain text, no zod, no antd: the console (apps/admin/src/shared/member-rights.ts) and the customer's member centre
// (apps/shop) both use it.

/** 950 → '9.5折'; 1000 (no discount) → ''. */
export function discountText(discount: number): string {
  if (discount >= 1000) return '';
  return `${Number((discount / 100).toFixed(2))}折`;
}

/** Points rate in tenths as 倍: 15 → '1.5'. */
export const pointsTimesText = (pointsTimes: number) => String(Number((pointsTimes / 10).toFixed(1)));

/** The rights of a level or a card as short lines: 9.5折, 积分1.5倍, 包邮, 生日送100积分 (none: []). */
export function rightsLines(r: MemberRights): string[] {
  const out: string[] = [];
  const d = discountText(r.discount);
  if (d) out.push(d);
  if (r.pointsTimes > 10) out.push(`积分${pointsTimesText(r.pointsTimes)}倍`);
  if (r.freeShipping) out.push('包邮');
  if (r.birthdayPoints > 0) out.push(`生日送${r.birthdayPoints}积分`);
  return out;
}

/** The rights on one line, as the level list shows them: 9.5折 · 积分1.5倍 · 包邮 (none: 无). */
export const rightsText = (r: MemberRights) => rightsLines(r).join(' · ') || '无';
