import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());

describe('GetProduct', () => {
  it('lists the product lines with prices in yuan, by GET', async () => {
    const r = await t.call('/api/Login/GetProduct');
    expect(r.body.code).toBe(0);
    expect(r.body.data.map((p: { ProductLineGUID: string }) => p.ProductLineGUID)).toEqual(['wsc-h5', 'social-pro', 'erp-link']);
    expect(r.body.data[0]).toMatchObject({ name: '微商城（H5版）', productType: 1, annualPrice: 1980, buyoutPrice: 6880 });
    expect(r.body.data[1]).toMatchObject({ productType: 2, annualPrice: 3980, buyoutPrice: 12880 });
  });
});

describe('GetArea', () => {
  it('lists the provinces when no code is given', async () => {
    const provinces = await t.ok('/api/Login/GetArea', {});
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ code: '11', name: '北京市', leaf: false });
  });

  it('lists the children of a code, districts being leaves', async () => {
    const cities = await t.ok('/api/Login/GetArea', { code: '44' });
    expect(cities).toContainEqual({ code: '4403', name: '深圳市', leaf: false });
    const districts = await t.ok('/api/Login/GetArea', { code: '4403' });
    expect(districts).toContainEqual({ code: '440305', name: '南山区', leaf: true });
  });

  it('answers an empty list for an unknown code', async () => {
    expect(await t.ok('/api/Login/GetArea', { code: '99' })).toEqual([]);
  });

  it('refuses an over-long code', async () => {
    const r = await t.call('/api/Login/GetArea', { code: '1234567890123' });
    expect(r.body.code).toBe(1001);
  });
});

describe('GetIndustry', () => {
  it('lists the industries in their order', async () => {
    const list = await t.ok('/api/Login/GetIndustry', {});
    expect(list).toHaveLength(22);
    expect(list[0]).toEqual({ id: '1', name: '服装鞋包' });
    expect(list.at(-1)).toEqual({ id: '22', name: '其他行业' });
  });
});

describe('GetAgreementList', () => {
  it('lists the user agreement and the privacy policy', async () => {
    const list = await t.ok('/api/Login/GetAgreementList', {});
    expect(list.map((a: { title: string }) => a.title)).toEqual(['用户服务协议', '隐私政策']);
    expect(list[0].content).toContain('欢迎使用');
  });
});
