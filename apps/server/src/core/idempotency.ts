import { setTimeout as sleep } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { IDEMPOTENCY_STATE, idempotencyKeys } from './idempotency.tables';
import type { SessionInfo } from './context';
import { BizError, CODE } from './errors';

/** The header the console sends on calls the contract marks `idempotent` (one value per user action). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key answers repeats. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first call still running after this long is taken as dead (the console gives up after 120 s). */
const RUNNING_STALE_SECONDS = 150;
/** How long a repeat waits for the first call to finish before it is refused. */
const WAIT_MS = 20_000;
const POLL_MS = 50;

const KEY_RE = /^[A-Za-z0-9_-]{8,100}$/;
export const IDEMPOTENCY_KEY_MSG = 'Idempotency-Key 格式不正确（8-100位字母、数字、-或_）';
export const IDEMPOTENCY_REUSED_MSG = '该 Idempotency-Key 已用于另一个请求，请刷新页面后重试';
export const IDEMPOTENCY_BUSY_MSG = '该操作正在处理中，请勿重复提交';

/** The envelope's msg and data of a finished first call. */
interface Answer {
  msg: string;
  data: unknown;
}
/** What a handler answered: plain data, or data with a success msg (core/register DataReply). */
type DataOrReply = unknown;

function answerOf(out: DataOrReply): Answer {
  if (typeof out === 'object' && out !== null && (out as { reply?: unknown }).reply === true) {
    const r = out as { msg: string; data: unknown };
    return { msg: r.msg, data: r.data ?? null };
  }
  // As register.ts answers it; the JSON round trip stores exactly what the first caller received.
  return { msg: '操作成功', data: out === undefined ? null : JSON.parse(JSON.stringify(out)) };
}

/**
 * Runs `run` once per (enterprise, user, key): the first call with a key runs, a repeat with the same key, endpoint
 * and body gets the first call's answer (a repeat that comes while the first still runs waits for it). One atomic
 * insert decides which call runs. Calls without the header, or without a session, just run. A refusal or error of
 * the first call forgets the key, so the same action can be tried again. See core/README or the root README.
 */
export async function onceByKey<T>(
  db: Db,
  call: { header: unknown; session: SessionInfo | null; endpoint: string; body: unknown },
  run: () => Promise<T>,
): Promise<T | { reply: true; msg: string; data: unknown }> {
  const { header, session } = call;
  if (header === undefined || !session) return run();
  if (typeof header !== 'string' || !KEY_RE.test(header)) throw new BizError(IDEMPOTENCY_KEY_MSG, CODE.validation);
  const scope = {
    // A session before choosing an enterprise (创建企业) keys under the nil uuid.
    renterId: session.renterId ?? '00000000-0000-0000-0000-000000000000',
    userId: session.userId,
    key: header,
  };
  const bodyHash = createHash('sha256')
    .update(JSON.stringify(call.body ?? {}))
    .digest('hex');
  const where = and(
    eq(idempotencyKeys.renterId, scope.renterId),
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.key, scope.key),
  );
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    // Takes the key: a new one, or one that expired or whose first call died. Only one of concurrent calls gets a row.
    const [mine] = await db
      .insert(idempotencyKeys)
      .values({ ...scope, endpoint: call.endpoint, bodyHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.renterId, idempotencyKeys.userId, idempotencyKeys.key],
        set: { endpoint: call.endpoint, bodyHash, state: IDEMPOTENCY_STATE.running, answer: null, createdAt: sql`now()` },
        where: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)
          or (${idempotencyKeys.state} = ${IDEMPOTENCY_STATE.running}::int and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${RUNNING_STALE_SECONDS}::int))`,
      })
      .returning({ id: idempotencyKeys.id });
    if (mine) {
      const ofMine = and(eq(idempotencyKeys.renterId, scope.renterId), eq(idempotencyKeys.id, mine.id));
      let out: T;
      try {
        out = await run();
      } catch (err) {
        await db.delete(idempotencyKeys).where(and(ofMine, eq(idempotencyKeys.state, IDEMPOTENCY_STATE.running)));
        throw err;
      }
      await db
        .update(idempotencyKeys)
        .set({ state: IDEMPOTENCY_STATE.done, answer: answerOf(out) })
        .where(ofMine);
      return out;
    }
    const [first] = await db.select().from(idempotencyKeys).where(where).limit(1);
    if (first) {
      if (first.endpoint !== call.endpoint || first.bodyHash !== bodyHash) throw new BizError(IDEMPOTENCY_REUSED_MSG, CODE.validation);
      if (first.state === IDEMPOTENCY_STATE.done) {
        const a = first.answer as Answer;
        return { reply: true, msg: a.msg, data: a.data };
      }
    }
    // Still running (or just forgotten after a refusal: the next round takes it).
    if (Date.now() > deadline) throw new BizError(IDEMPOTENCY_BUSY_MSG);
    await sleep(POLL_MS);
  }
}

/** Forgets keys older than the TTL (timed job); answers how many. */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}::int)`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
