import { z } from 'zod';
import { yuanOut } from '../core/money';
import { imageUrl } from '../core/fields';

export const previewBody = z.object({ url: z.string().max(500).optional().default('') });
export const previewInfo = z.object({ xcxpath: z.string(), gzhpath: z.string(), webpath: z.string() });

export const noticeItem = z.object({
  id: z.string(),
  /** The notice text (spec: "order"). */
  order: z.string(),
  time: z.string(),
  link: z.string(),
  read: z.boolean(),
});

export const userHead = z.object({ headimg: z.string(), txt: z.string() });

export const profile = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  headimg: z.string(),
  roleName: z.string(),
  renterName: z.string(),
  createTime: z.string(),
  lastLoginTime: z.string(),
});
export const saveProfileBody = z.object({
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名不能超过20个字'),
  headimg: imageUrl('头像').optional().default(''),
});

export const dashboard = z.object({
  shopname: z.string(),
  staffCount: z.number().int(),
  roleCount: z.number().int(),
  loginsToday: z.number().int(),
  unreadNotices: z.number().int(),
  /** Active forms, submissions today, form orders waiting for verification, and yuan paid for forms today. */
  activeForms: z.number().int(),
  submissionsToday: z.number().int(),
  ordersToVerify: z.number().int(),
  paidToday: yuanOut(),
  timeend: z.number().int(),
  serviceendtime: z.string(),
  /** Logins per day for the last 7 days. */
  loginTrend: z.array(z.object({ day: z.string(), count: z.number().int() })),
  recentOperations: z.array(z.object({ time: z.string(), who: z.string(), action: z.string() })),
});
