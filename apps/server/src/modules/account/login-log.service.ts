import { LOGIN_WAY_TEXT, type loginLogListBody } from '@shop/contract';
import type { z } from 'zod';
import { type Ctx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { fmtTime, parseTime } from '@/core/time';
import { loginLogPage } from '@/modules/login';
import { parseUserAgent } from './user-agent';

type ListInput = z.output<typeof loginLogListBody>;

/** A 'YYYY-MM-DD HH:mm:ss' bound of a list filter in the display zone; '' is no bound. */
export function timeBound(v: string, label: string): Date | undefined {
  if (!v) return undefined;
  const d = parseTime(v);
  if (Number.isNaN(d.getTime())) throw new BizError(`${label}格式不正确`, CODE.validation);
  return d;
}

/** 登录信息: the caller's own login attempts, newest first (whatever enterprise they were in). */
export async function loginLogs(ctx: Ctx, q: ListInput) {
  const { userId } = renterOf(ctx);
  const { rows, total, estimated } = await loginLogPage(ctx.db, userId, {
    stime: timeBound(q.stime, '开始时间'),
    endtime: timeBound(q.endtime, '结束时间'),
    ok: q.ok,
    ...pageWindow(q),
  });
  return {
    rows: rows.map((r) => ({
      id: r.id,
      time: fmtTime(r.createdAt),
      ip: r.ip,
      ...parseUserAgent(r.userAgent),
      way: r.way,
      wayText: LOGIN_WAY_TEXT[r.way] ?? r.way,
      ok: r.ok,
      result: r.ok ? '成功' : '失败',
      reason: r.reason,
    })),
    total_count: total,
    ...(estimated ? { total_estimated: true } : {}),
  };
}
