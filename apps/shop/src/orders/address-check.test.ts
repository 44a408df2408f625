import { describe, expect, it } from 'vitest';
import { addressErrors } from './address-check';

describe('the address form', () => {
  const ok = {
    name: '张三',
    phone: '13912345678',
    codes: ['44', '4403', '440305'],
    names: [],
    complete: true,
    address: '科技园1号',
    isDefault: false,
  };
  it('names each missing or bad field in Chinese, as the server does', () => {
    expect(addressErrors(ok)).toEqual({});
    expect(addressErrors({ ...ok, name: ' ', phone: '', codes: [], complete: false, address: '' })).toEqual({
      name: '请输入收货人',
      phone: '请输入手机号',
      area: '请选择所在地区',
      address: '请输入详细地址',
    });
    expect(addressErrors({ ...ok, phone: '1391234', name: 'x'.repeat(21), address: 'x'.repeat(101) })).toEqual({
      phone: '手机号格式不正确',
      name: '收货人不能超过20个字',
      address: '详细地址不能超过100个字',
    });
  });

  it('trims before counting and asks for the area until it is picked all the way down', () => {
    expect(addressErrors({ ...ok, name: ` ${'张'.repeat(20)} `, phone: ' 13912345678 ' })).toEqual({});
    expect(addressErrors({ ...ok, codes: ['44', '4403'], complete: false })).toEqual({ area: '请选择所在地区' });
    expect(addressErrors({ ...ok, complete: false })).toEqual({ area: '请选择所在地区' });
    expect(addressErrors({ ...ok, phone: '23912345678' })).toEqual({ phone: '手机号格式不正确' });
  });
});
