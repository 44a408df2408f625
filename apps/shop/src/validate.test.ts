import { describe, expect, it } from 'vitest';
import type { FormField } from './api';
import { type AddressValue, addressText, checkAll, checkField, fieldOfMessage, isIdCard, KIND, toPayload } from './validate';

const field = (kind: number, over: Partial<FormField> = {}): FormField => ({
  id: `f${kind}`,
  label: '字段',
  kind,
  required: true,
  placeholder: '',
  options: ['甲', '乙', '丙'],
  decimals: 0,
  maxCount: 2,
  ...over,
});

const address = (over: Partial<AddressValue> = {}): AddressValue => ({
  codes: ['44', '4403', '440305'],
  names: ['广东省', '深圳市', '南山区'],
  complete: true,
  detail: '科技园路1号',
  ...over,
});

describe('fill page checks (the server texts)', () => {
  it('asks for required fields with 请填写 / 请选择 / 请上传', () => {
    expect(checkField(field(KIND.text, { label: '姓名' }), '  ')).toBe('请填写姓名');
    expect(checkField(field(KIND.radio, { label: '性别' }), undefined)).toBe('请选择性别');
    expect(checkField(field(KIND.date, { label: '日期' }), '')).toBe('请选择日期');
    expect(checkField(field(KIND.address, { label: '地址' }), undefined)).toBe('请选择地址');
    expect(checkField(field(KIND.image, { label: '照片' }), [])).toBe('请上传照片');
    expect(checkField(field(KIND.text, { required: false }), '')).toBe('');
  });

  it('checks numbers with their decimals', () => {
    expect(checkField(field(KIND.number, { label: '数量' }), '3')).toBe('');
    expect(checkField(field(KIND.number, { label: '数量' }), '3.5')).toBe('数量须为整数');
    expect(checkField(field(KIND.number, { label: '金额', decimals: 2 }), '-3.25')).toBe('');
    expect(checkField(field(KIND.number, { label: '金额', decimals: 2 }), '3.255')).toBe('金额须为数字，最多2位小数');
  });

  it('checks phone, ID number and dates', () => {
    expect(checkField(field(KIND.phone, { label: '手机' }), '13800138000')).toBe('');
    expect(checkField(field(KIND.phone, { label: '手机' }), '12800138000')).toBe('手机格式不正确');
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('110105194902300028')).toBe(false);
    expect(checkField(field(KIND.idcard, { label: '身份证' }), '11010519491231002x')).toBe('');
    expect(checkField(field(KIND.date, { label: '日期' }), '2025-02-30')).toBe('日期格式不正确');
    expect(checkField(field(KIND.datetime, { label: '时间' }), '2025-02-03T10:30')).toBe('');
  });

  it('checks choices, image count and the address parts', () => {
    expect(checkField(field(KIND.checkbox, { label: '爱好' }), ['甲', '丁'])).toBe('爱好的选项不正确');
    expect(checkField(field(KIND.image, { label: '照片' }), ['/file/a.png', '/file/b.png', '/file/c.png'])).toBe('照片最多上传2张');
    expect(checkField(field(KIND.address, { label: '地址' }), address({ complete: false }))).toBe('请选择完整的地址');
    expect(checkField(field(KIND.address, { label: '地址' }), address({ detail: ' ' }))).toBe('请填写地址的详细地址');
    expect(checkField(field(KIND.address, { label: '地址' }), address())).toBe('');
  });

  it('sends the answers as the server takes them', () => {
    const fields = [
      field(KIND.number, { id: 'n' }),
      field(KIND.idcard, { id: 'i' }),
      field(KIND.datetime, { id: 'd' }),
      field(KIND.address, { id: 'a' }),
      field(KIND.text, { id: 't', required: false }),
    ];
    const answers = {
      n: ' 7 ',
      i: '11010519491231002x',
      d: '2025-02-03T10:30',
      a: address({ names: ['北京市', '市辖区', '东城区'] }),
      t: '',
    };
    expect(checkAll(fields, answers)).toEqual({});
    expect(toPayload(fields, answers)).toEqual({ n: '7', i: '11010519491231002X', d: '2025-02-03 10:30', a: '北京市东城区 科技园路1号' });
    expect(addressText(address())).toBe('广东省深圳市南山区 科技园路1号');
  });

  it('finds the field a server refusal names', () => {
    const fields = [field(KIND.text, { id: 'a', label: '姓名' }), field(KIND.phone, { id: 'b', label: '联系手机' })];
    expect(fieldOfMessage(fields, '请填写姓名')?.id).toBe('a');
    expect(fieldOfMessage(fields, '联系手机格式不正确')?.id).toBe('b');
    expect(fieldOfMessage(fields, '表单已结束')).toBeUndefined();
  });
});
