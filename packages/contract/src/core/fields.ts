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
