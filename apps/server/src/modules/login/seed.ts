import { count, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { agreements, areas, industries, products } from '@/db/schema';
import areaTree from './data/areas.json' with { type: 'json' };

type AreaNode = [string, string, AreaNode[]?];

const INDUSTRIES = [
  '服装鞋包',
  '美妆个护',
  '母婴用品',
  '食品生鲜',
  '餐饮外卖',
  '烘焙甜品',
  '酒水饮料',
  '家居家纺',
  '数码家电',
  '珠宝配饰',
  '运动户外',
  '医药健康',
  '宠物用品',
  '图书文具',
  '教育培训',
  '美容美发',
  '休闲娱乐',
  '汽车服务',
  '酒店民宿',
  '鲜花绿植',
  '农资农产',
  '其他行业',
];

const PRODUCTS = [
  {
    id: 'wsc-h5',
    name: '微商城（H5版）',
    productStr: 'wsc',
    productType: 1,
    remark: 'H5 网店、会员、营销',
    annualPriceFen: 198_000,
    buyoutPriceFen: 688_000,
    sort: 1,
  },
  {
    id: 'social-pro',
    name: '社交电商（专业版）',
    productStr: 'social',
    productType: 2,
    remark: '公众号、小程序、H5 三端合一',
    annualPriceFen: 398_000,
    buyoutPriceFen: 1_288_000,
    sort: 2,
  },
  {
    id: 'erp-link',
    name: '云数据连接',
    productStr: 'gjp',
    productType: 2,
    remark: '商城与 ERP 双向对接',
    annualPriceFen: 298_000,
    buyoutPriceFen: 988_000,
    sort: 3,
  },
];

const AGREEMENTS = [
  {
    id: 'user',
    title: '用户服务协议',
    content:
      '欢迎使用本商家后台。您注册并使用本服务，即表示同意：1. 您提供的手机号真实有效，并妥善保管账号与密码；2. 您在平台上经营的商品与服务符合法律法规；3. 试用期满后，需购买后继续使用，到期未续费的企业数据保留 90 天；4. 我们按《隐私政策》处理您及您顾客的个人信息。',
    sort: 1,
  },
  {
    id: 'privacy',
    title: '隐私政策',
    content:
      '我们仅为提供服务收集必要信息（手机号、企业信息、登录日志）。您顾客的数据归您所有，我们不会出售或用于其他用途；数据在传输和存储中加密保护；您可随时导出或申请删除企业数据。',
    sort: 2,
  },
];

/** Login's catalogues: areas, industries, products, agreements. Idempotent. */
export async function seedLoginCatalogues(db: Db): Promise<void> {
  await db
    .insert(industries)
    .values(INDUSTRIES.map((name, i) => ({ id: String(i + 1), name, sort: i })))
    .onConflictDoNothing();
  await db.insert(products).values(PRODUCTS).onConflictDoNothing();
  await db.insert(agreements).values(AGREEMENTS).onConflictDoNothing();
  const [{ n }] = await db.select({ n: count() }).from(areas);
  if (Number(n) > 0) return;
  const rows: (typeof areas.$inferInsert)[] = [];
  const walk = (nodes: AreaNode[], parent: string, level: number) => {
    for (const [code, name, children] of nodes) {
      rows.push({ code, name, parentCode: parent, level });
      if (children) walk(children, code, level + 1);
    }
  };
  walk(areaTree as AreaNode[], '', 1);
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(areas)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  await db.execute(sql`analyze areas`);
}
