import { z } from 'zod';
import { listQuery } from '../core/endpoint';
import { uuid } from '../core/fields';
import { targetDir } from './material.schemas';

/** Addresses one 批量图片转存 task may hold (blank lines and repeats not counted). */
export const TRANSFER_URLS_MAX = 500;
/** Lines the list may have in all, blank ones included. */
export const TRANSFER_LINES_MAX = 2000;
/** Longest address accepted. */
export const TRANSFER_URL_MAX_LEN = 2048;

/** Task status: 0 排队中, 1 转存中, 2 已完成. */
export const TRANSFER_STATUS_LABELS: Record<number, string> = { 0: '排队中', 1: '转存中', 2: '已完成' };
/** Item status: 0 等待中, 1 成功, 2 失败. */
export const TRANSFER_ITEM_STATUS_LABELS: Record<number, string> = { 0: '等待中', 1: '成功', 2: '失败' };

/**
 * Why a line is not an address the server can fetch, judged from its form only (the console shows the same
 * message before sending); null when it is one. Whether the host is public is checked when it is fetched.
 */
export function transferUrlProblem(line: string): string | null {
  if (line.length > TRANSFER_URL_MAX_LEN) return `图片地址不能超过${TRANSFER_URL_MAX_LEN}个字符`;
  let url: URL;
  try {
    url = new URL(line);
  } catch {
    return '图片地址格式不正确';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '只能转存 http 或 https 地址的图片';
  if (url.username || url.password) return '图片地址不能包含账号密码';
  return null;
}

/** The console's text: one address a line; surrounding spaces and blank lines do not count. */
export function transferLines(text: string): string[] {
  return text.split(/\r?\n/);
}

export const transferCreateBody = z.object({
  urls: z
    .array(z.string({ error: '图片地址格式不正确' }), { error: '请输入图片地址' })
    .max(TRANSFER_LINES_MAX, `图片地址列表不能超过${TRANSFER_LINES_MAX}行`)
    .superRefine((lines, c) => {
      let n = 0;
      lines.forEach((raw, i) => {
        const line = raw.trim();
        if (!line) return;
        n += 1;
        const problem = transferUrlProblem(line);
        if (problem) c.addIssue({ code: 'custom', path: [i], message: `第${i + 1}行：${problem}` });
      });
      if (n === 0) c.addIssue({ code: 'custom', message: '请输入图片地址' });
      else if (new Set(lines.map((l) => l.trim()).filter(Boolean)).size > TRANSFER_URLS_MAX)
        c.addIssue({ code: 'custom', message: `一次最多转存${TRANSFER_URLS_MAX}张图片` });
    })
    .describe('图片地址，一行一个（按行号报告格式错误；空行忽略，重复的只转存一次）'),
  dirId: targetDir,
});

export const transferCreated = z.object({
  id: z.string(),
  /** Distinct addresses to fetch. */
  total: z.number().int(),
  /** Repeated lines merged into one. */
  duplicates: z.number().int(),
});

export const transferIdBody = z.object({ id: uuid('任务') });

export const transferTask = z.object({
  id: z.string(),
  /** '0' for the root (未分组). */
  dirId: z.string(),
  /** '' when the directory has been deleted since. */
  dirName: z.string(),
  /** 0 排队中, 1 转存中, 2 已完成 */
  status: z.number().int(),
  total: z.number().int(),
  doneCount: z.number().int(),
  okCount: z.number().int(),
  failCount: z.number().int(),
  createTime: z.string(),
  /** '' until finished. */
  finishTime: z.string(),
});
export type TransferTask = z.output<typeof transferTask>;

export const transferItem = z.object({
  id: z.string(),
  /** Line order in the task, from 1. */
  seq: z.number().int(),
  url: z.string(),
  /** 0 等待中, 1 成功, 2 失败 */
  status: z.number().int(),
  /** Why it failed; '' otherwise. */
  error: z.string(),
  /** The library file; '' when failed, waiting, or deleted from the library since. */
  fileId: z.string(),
  fileUrl: z.string(),
  thumbUrl: z.string(),
});
export type TransferItem = z.output<typeof transferItem>;

export const transferItemsBody = listQuery.extend({
  id: uuid('任务'),
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .min(-1, '状态不正确')
    .max(2, '状态不正确')
    .optional()
    .default(-1)
    .describe('-1 全部；0 等待中；1 成功；2 失败'),
});

export const transferListBody = listQuery;

/** What the hub pushes (event transferProgress, to the enterprise's room) as a task moves on. */
export const transferProgress = transferTask.pick({
  id: true,
  status: true,
  total: true,
  doneCount: true,
  okCount: true,
  failCount: true,
});
export type TransferProgress = z.output<typeof transferProgress>;
export const TRANSFER_PROGRESS_EVENT = 'transferProgress';
