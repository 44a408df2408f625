// Image and link fields accept only http(s) and the product's own /file/ paths (issue 12 item 8): one helper in the
// contract (core/fields imageUrl) behind every such field.
import { isSafeUrl } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA, formInput, makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('地址检查店');
});
afterAll(() => t.close());

const BAD = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:image/png;base64,iVBORw0KGgo=',
  '//evil.example/a.png',
  '/file/../private/x',
  'vbscript:x',
];
const GOOD = ['/file/abc/2025/01/0b6f.png', 'https://cdn.example.com/a.png', 'http://example.com/b.jpg'];

/** Each image/URL field: its call, a body around the address, the field in the answer. */
const FIELDS: [string, string, (url: string) => Record<string, unknown>, string][] = [
  ['头像', '/Index/Home/SaveProfile', (url) => ({ name: '张三', headimg: url }), 'headimg'],
  ['表单封面', '/FromRep/FormReposi/SaveFrom', (url) => formInput({ cover: url }), 'cover'],
  [
    '商品主图',
    '/Goods/Goods/save',
    (url) => ({ title: '图', mainImage: url, skus: [{ specValues: {}, price: 1, stock: 1 }] }),
    'mainImage',
  ],
  ['商品图片', '/Goods/Goods/save', (url) => ({ title: '图', images: [url], skus: [{ specValues: {}, price: 1, stock: 1 }] }), 'images.0'],
  ['分类图标', '/Goods/GoodsType/save', (url) => ({ name: `分类${Math.random()}`.slice(0, 10), icon: url }), 'icon'],
  ['店铺logo', '/Config/Shop/SaveStoreInfo', (url) => ({ name: '地址检查店', logo: url }), 'logo'],
  ['企业Logo', '/Sys/Staff/SetRenterInfo', (url) => ({ name: '地址检查店', industry: '1', area: AREA, logo: url }), 'logo'],
];

describe('image and link fields', () => {
  it('refuse javascript:, data:, protocol-relative and escaping paths, naming the field', async () => {
    for (const [name, path, body, field] of FIELDS) {
      for (const url of BAD) {
        const r = await t.call(path, body(url), owner.token);
        expect(r.body.code, `${name} ${url}`).toBe(1001);
        expect(r.body.data.errors[0].field, `${name} ${url}`).toBe(field);
        expect(r.body.msg, `${name} ${url}`).toMatch(/地址不正确$/);
      }
    }
  });

  it("accept the product's own /file/ paths and http(s) addresses", async () => {
    for (const [name, path, body] of FIELDS)
      for (const url of GOOD) expect((await t.call(path, body(url), owner.token)).body.code, `${name} ${url}`).toBe(0);
    expect((await t.ok('/Index/Home/GetProfile', {}, owner.token)).headimg).toBe(GOOD[GOOD.length - 1]);
  });

  it('share one rule', () => {
    for (const url of BAD) expect(isSafeUrl(url), url).toBe(false);
    for (const url of GOOD) expect(isSafeUrl(url), url).toBe(true);
    expect(isSafeUrl('https://user:pw@example.com/a.png')).toBe(false);
  });
});
