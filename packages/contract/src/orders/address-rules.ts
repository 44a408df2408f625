import * as z from 'zod/mini';
import { PHONE_RE } from '../core/rules';

/**
 * A delivery address's fields, written once in zod/mini: the server's /h5/Address/Save body (addressSaveBody) is made
 * of them and the H5 shop's address form checks a draft with them before calling. zod/mini (not zod) because the shop
 * carries it: ~5 KB gzipped in the order pages' lazy chunk, nothing on the shop's first screen (apps/shop/README.md).
 */
const text = (label: string, max: number) =>
  z.string({ error: `请输入${label}` }).check(z.trim(), z.minLength(1, `请输入${label}`), z.maxLength(max, `${label}不能超过${max}个字`));

export const ADDRESS_NAME_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;

export const addressFields = z.object({
  name: text('收货人', ADDRESS_NAME_MAX),
  phone: z.string({ error: '请输入手机号' }).check(z.trim(), z.minLength(1, '请输入手机号'), z.regex(PHONE_RE, '手机号格式不正确')),
  /** Province, city, district codes of the area catalogue (/api/Login/GetArea), top down. */
  area: z
    .array(z.string().check(z.trim(), z.maxLength(12, '所在地区不正确')), { error: '请选择所在地区' })
    .check(z.minLength(3, '请选择所在地区'), z.maxLength(3, '所在地区不正确')),
  address: text('详细地址', ADDRESS_DETAIL_MAX),
});
