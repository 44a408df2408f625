import { type AuditEntry, audit } from './audit';
import { type Ctx, inTx } from './context';

/** One audited change of rows that must not move under it: what lockUpdateAudit runs, in this order. */
export interface LockedUpdate<B, R> {
  /** Reads and locks the rows the change is about (`select … for update`); throws the refusal when one is missing. */
  lock(tx: Ctx): Promise<B>;
  /** The change, on the locked rows: what it answers is the call's answer. */
  update(tx: Ctx, before: B): Promise<R>;
  /** The operation-log entry from the locked rows and the change's answer; null when nothing changed. */
  audit(before: B, result: R): AuditEntry | null;
}

/** Who a change is logged for when it is not the call's own session (a job has none). */
export interface AuditBy {
  renterId: string;
  userId: string;
}

/**
 * Lock → update → audit in one transaction: the rows are locked before they are read for the log's before, so two
 * changes at once are logged one after the other with the right before, and the log row commits with the change or
 * not at all. `by` logs it for someone else than the session (SYSTEM_USER_ID for scheduled work).
 */
export async function lockUpdateAudit<B, R>(ctx: Ctx, step: LockedUpdate<B, R>, by?: AuditBy): Promise<R> {
  return inTx(ctx, async (tx) => {
    const before = await step.lock(tx);
    const result = await step.update(tx, before);
    const entry = step.audit(before, result);
    if (entry) await audit(tx, entry, by);
    return result;
  });
}
