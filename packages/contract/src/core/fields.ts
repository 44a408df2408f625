import { z } from 'zod';

import { LOGIN_PWD_RE, PHONE_RE } from './rules';

export { isIdCard, LOGIN_PWD_RE, PHONE_RE, STRONG_PWD_RE } from './rules';

export const PWD_WEAK_MSG = '您的密码复杂度太低（密码中必须包含大小写字母、数字、特殊字符且8位30位长度），请及时修改密码！';

export const phone = (requiredMsg = '请输入手机号') =>
  z.string({ error: requiredMsg }).trim().min(1, requiredMsg).regex(PHONE_RE, '手机号格式不正确');

export const loginPassword = (requiredMsg = '请输入密码') =>
  z.string({ error: requiredMsg }).min(1, requiredMsg).regex(LOGIN_PWD_RE, '密码须为8-16位字母和数字组合，不能全为数字或全为字母');

export const smsCode = (requiredMsg = '请输入验证码') =>
  z
    .string({ error: requiredMsg })
    .trim()
    .min(1, requiredMsg)
    .regex(/^\d{6}$/, '验证码为6位数字');

export const requiredText = (label: string, max = 50) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字`);

export const uuid = (label = 'id') => z.string({ error: `缺少${label}` }).uuid(`${label}格式不正确`);

/** Longest image or link address a field keeps. */
export const URL_MAX = 500;

/**
 * An address a page may show or open: an absolute http(s) URL with a host, or one of the product's own files
 * (`/file/<path>`, no `..`, no backslash). Anything else (javascript:, data:, //host, relative paths) is refused.
 */
export function isSafeUrl(v: string): boolean {
  if (/[\s\\]/.test(v)) return false;
  if (v.startsWith('/file/')) return !v.split(/[/?#]/).some((seg) => seg === '..' || seg === '.') && !v.startsWith('/file//');
  if (!/^https?:\/\//i.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * An image (or link) field: '' for none, else an isSafeUrl address: `${label}地址不正确`. Every image/URL field of the
 * contract uses it (head image, logos, covers, goods images, category icons).
 */
export const imageUrl = (label: string, max = URL_MAX) =>
  z
    .string({ error: `${label}地址不正确` })
    .trim()
    .max(max, `${label}地址过长`)
    .refine((v) => v === '' || isSafeUrl(v), `${label}地址不正确`);
