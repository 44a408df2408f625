import { LOGIN_PWD_RE, PHONE_RE } from '@contract/core/rules';
import type { Rule } from 'antd/es/form';

/** Form rules of spec 000 §5, with the spec's messages. */
export const phoneRules = (required = '请输入手机号'): Rule[] => [
  { required: true, message: required },
  { pattern: PHONE_RE, message: '手机号格式不正确' },
];

export const loginPwdRules = (required = '请输入密码'): Rule[] => [
  { required: true, message: required },
  { pattern: LOGIN_PWD_RE, message: '密码须为8-16位字母和数字组合，不能全为数字或全为字母' },
];

export const codeRules = (required = '请输入验证码'): Rule[] => [
  { required: true, message: required },
  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
];
