import { operLogs } from '../db/schema';
import { type Ctx, renterOf } from './context';

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

/** Writes one operation-log row for a write by the current user (DESIGN §4). */
export async function audit(ctx: Ctx, entry: AuditEntry, renterId?: string): Promise<void> {
  const scope = renterId ? { renterId, userId: ctx.session?.userId ?? '' } : renterOf(ctx);
  await ctx.db.insert(operLogs).values({
    renterId: scope.renterId,
    userId: scope.userId,
    module: entry.module,
    action: entry.action,
    recordId: entry.recordId ?? '',
    before: scrub(entry.before) as object,
    after: scrub(entry.after) as object,
    ip: ctx.ip,
  });
}
