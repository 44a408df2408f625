import { EXPIRED_MSG } from '@shop/contract';

/** A business refusal: answered as HTTP 200 with a non-zero code and the Chinese msg the user reads. */
export class BizError extends Error {
  constructor(
    message: string,
    public readonly code = 1,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** A refusal shown under one form field: `{errors: [{field, msg}]}`, like the contract's validation refusals. */
export function fieldError(field: string, msg: string): BizError {
  return new BizError(msg, CODE.validation, { errors: [{ field, msg }] });
}

/**
 * Raised for a missing, unknown or expired token (or the other side's token: staff on a member call, member on a staff
 * call), answered as HTTP 401 with EXPIRED_MSG; a forged or run-out visitor id answers 401 with its own message.
 */
export class AuthError extends Error {
  constructor(message = EXPIRED_MSG) {
    super(message);
  }
}

export const CODE = {
  ok: 0,
  biz: 1,
  validation: 1001,
  forbidden: 1003,
  notFound: 1004,
  expiredService: 1010,
  server: 500,
} as const;

/** Throws the refusal unless cond holds. */
export function ensure(cond: unknown, message: string, code: number = CODE.biz): asserts cond {
  if (!cond) throw new BizError(message, code);
}
