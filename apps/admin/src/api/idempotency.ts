/**
 * Idempotency keys of the calls the contract marks `idempotent` (creations): one key per user action, so that a
 * double click or a retry of the same action creates one thing (the server answers a repeated key with the first
 * answer). The same action is the same endpoint with the same body: while such a call is on its way, within
 * REPEAT_WINDOW_MS after its answer, or after it got no answer at all (time-out, network, HTTP error: the retry),
 * it reuses the key. Anything else, and the same body once the window has passed after an answer, is a new action.
 */

/** How long after an answer an identical call still counts as the same click (a double click, a second tap). */
export const REPEAT_WINDOW_MS = 1_000;
/** The server forgets keys after 24 h: an unanswered action is not retried with its key after that. */
const KEEP_UNANSWERED_MS = 24 * 60 * 60 * 1000;

interface Action {
  key: string;
  /** Calls of this action on their way. */
  pending: number;
  /** When it was last answered (0: never; an unanswered action keeps its key for the retry). */
  answeredAt: number;
  startedAt: number;
}

const actions = new Map<string, Action>();

/** A v4 uuid; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function forgetOld(now: number) {
  for (const [id, a] of actions) {
    if (a.pending > 0) continue;
    if (a.answeredAt ? now - a.answeredAt > REPEAT_WINDOW_MS : now - a.startedAt > KEEP_UNANSWERED_MS) actions.delete(id);
  }
}

/**
 * Starts one call of an action: answers its key and `done(answered)`, to be called once when the call ends
 * (answered: the server sent an envelope, whatever its code; false: no answer, so a retry keeps the key).
 */
export function beginAction(path: string, body: unknown, now = Date.now()): { key: string; done: (answered: boolean) => void } {
  forgetOld(now);
  const id = `${path}\n${JSON.stringify(body ?? {})}`;
  let a = actions.get(id);
  if (!a) {
    a = { key: newKey(), pending: 0, answeredAt: 0, startedAt: now };
    actions.set(id, a);
  }
  const action = a;
  action.pending += 1;
  let ended = false;
  return {
    key: action.key,
    done: (answered) => {
      if (ended) return;
      ended = true;
      action.pending -= 1;
      if (answered) action.answeredAt = Date.now();
    },
  };
}
