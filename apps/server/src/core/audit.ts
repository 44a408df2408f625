import { operLogs } from './audit.tables';
import { type Actor, actorOf, type Ctx, renterOf } from './context';

export interface AuditEntry {
  module: string;
  action: string;
  recordId?: string;
  before?: unknown;
  after?: unknown;
}

const SECRET_KEYS = /pwd|password|secret|token|code_hash/i;

function scrub(v: unknown): unknown {
  if (v === null || v === undefined || typeof v !== 'object') return v ?? null;
  if (Array.isArray(v)) return v.map(scrub);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, SECRET_KEYS.test(k) ? '***' : scrub(x)]));
}

/** The user id of an operation-log row written by nobody's account: what the system does on its own (a job), a visitor. */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';
export const NO_USER_ID = SYSTEM_USER_ID;
/** How the operation log names that user (操作人). */
export const SYSTEM_OPERATOR_NAME = '系统（定时任务）';

/** The renter and the writer of an audit row, from the actor (DESIGN §9); renterId names it for callers without one. */
function writerOf(ctx: Ctx, renterId?: string): { renterId: string; userId: string; actor: Actor['kind'] } {
  const a = actorOf(ctx);
  if (a.kind === 'member') return { renterId: renterId ?? a.renterId, userId: a.memberId, actor: 'member' };
  if (a.kind === 'staff') return { ...(renterId ? { renterId, userId: a.session.userId } : renterOf(ctx)), actor: 'staff' };
  // A job or a visitor writes for a renter it names.
  if (!renterId) {
    if (a.kind === 'visitor') return { ...renterOf(ctx), actor: 'staff' };
    throw new Error('an audit row written by the system names its renter');
  }
  return { renterId, userId: NO_USER_ID, actor: a.kind };
}

/**
 * Writes one operation-log row for a write by the current actor (DESIGN §4, §9), or in another enterprise (a renter
 * id), or for someone else (`{renterId, userId}`: SYSTEM_USER_ID for a job).
 */
export async function audit(ctx: Ctx, entry: AuditEntry, by?: string | { renterId: string; userId: string }): Promise<void> {
  const scope = typeof by === 'object' ? { ...by, actor: actorOf(ctx).kind } : writerOf(ctx, by);
  await ctx.db.insert(operLogs).values({
    renterId: scope.renterId,
    userId: scope.userId,
    actor: scope.actor,
    module: entry.module,
    action: entry.action,
    recordId: entry.recordId ?? '',
    before: scrub(entry.before) as object,
    after: scrub(entry.after) as object,
    ip: ctx.ip,
  });
}
