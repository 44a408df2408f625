import type { Ctx } from '@/core/context';
import type { Tenant } from '@/core/tenant';
import { actorOf } from '@/core/context';
import { memberEvents } from './members.tables';

/** MEMBER_EVENT_KIND: what a line of a member's history (互动事件) is about. */
export type MemberEventKind =
  | 'register'
  | 'login'
  | 'profile'
  | 'growth'
  | 'level'
  | 'tag'
  | 'card'
  | 'state'
  | 'pwd'
  | 'audit'
  | 'import'
  | 'order'
  | 'form';

/**
 * One line of a member's history, written in the transaction of the change it tells about (`ctx` is the
 * transaction's). The operator is the staff user of the call, if any.
 */
export async function memberEvent(
  ctx: Ctx,
  tenant: Tenant,
  memberId: string,
  kind: MemberEventKind,
  title: string,
  detail = '',
): Promise<void> {
  const a = actorOf(ctx);
  await tenant.db.insert(memberEvents).values({
    renterId: tenant.renterId,
    memberId,
    kind,
    title,
    detail,
    operatorId: a.kind === 'staff' ? a.session.userId : null,
  });
}
