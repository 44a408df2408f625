import { scaleFen } from '@shop/contract';
import { nextSequence } from '@/core/sequence';
import { eq } from 'drizzle-orm';
import { goods, goodsSkus, goodsTypes, goodsUnits } from '@/db/schema';
import { applyStockMoves, childPath, STOCK_REASON, skuKey } from '@/modules/goods';
import type { Tenant } from '@/core/tenant';

/** Top-level categories with their children (one with a third level), in order; 季节限定 starts disabled. */
const CATEGORIES: [string, (string | [string, string[]])[]][] = [
  ['烘焙', ['面包', '蛋糕', ['饼干', ['曲奇', '苏打饼']]]],
  ['饮品', ['咖啡', '茶饮', '果汁']],
  ['零食', ['坚果', '糖果']],
  ['季节限定', ['月饼', '粽子']],
];

const UNITS = ['个', '件', '盒', '袋', '杯', '瓶', '斤', '千克'];

/** The demo enterprise's goods categories and units, so /Catelist and /Unit are alive. */
export async function seedDemoGoodsCatalogue(tenant: Tenant): Promise<void> {
  const { db, renterId } = tenant;
  const add = async (name: string, parent: { id: string; path: string; status: number } | null, sort: number, status = 1) => {
    const no = await nextSequence(tenant, 'goods_type');
    const [row] = await db
      .insert(goodsTypes)
      .values({ renterId, no, parentId: parent?.id ?? null, path: childPath(parent?.path ?? null, no), name, sort, status })
      .returning();
    return row;
  };
  for (const [i, [name, children]] of CATEGORIES.entries()) {
    const status = name === '季节限定' ? 0 : 1;
    const top = await add(name, null, i + 1, status);
    for (const [j, child] of children.entries()) {
      const [childName, grandchildren] = typeof child === 'string' ? [child, []] : child;
      const mid = await add(childName, top, j + 1, status);
      for (const [k, g] of grandchildren.entries()) await add(g, mid, k + 1, status);
    }
  }
  await db.insert(goodsUnits).values(UNITS.map((name, i) => ({ renterId, name, sort: i + 1, status: name === '斤' ? 0 : 1 })));
}

interface DemoGoods {
  title: string;
  category: string;
  unit: string;
  sellingPoint: string;
  status: number;
  specs: { name: string; values: string[] }[];
  /** One price (fen) and stock per combination, in matrix order. */
  skus: [number, number][];
}

const GOODS: DemoGoods[] = [
  { title: '法式黄油可颂', category: '面包', unit: '个', sellingPoint: '每日现烤，层层酥脆', status: 1, specs: [], skus: [[1200, 80]] },
  {
    title: '草莓奶油蛋糕',
    category: '蛋糕',
    unit: '个',
    sellingPoint: '当季草莓，动物奶油',
    status: 1,
    specs: [{ name: '尺寸', values: ['6寸', '8寸'] }],
    skus: [
      [16800, 10],
      [22800, 6],
    ],
  },
  {
    title: '手工曲奇礼盒',
    category: '曲奇',
    unit: '盒',
    sellingPoint: '送礼自吃两相宜',
    status: 1,
    specs: [
      { name: '口味', values: ['原味', '抹茶'] },
      { name: '规格', values: ['小盒', '大盒'] },
    ],
    skus: [
      [3900, 50],
      [6900, 30],
      [4500, 40],
      [8900, 0],
    ],
  },
  { title: '冷萃咖啡', category: '咖啡', unit: '杯', sellingPoint: '12 小时低温萃取', status: 1, specs: [], skus: [[2200, 0]] },
  { title: '中秋月饼礼盒', category: '月饼', unit: '盒', sellingPoint: '季节限定，预售中', status: 0, specs: [], skus: [[19800, 200]] },
];

function combinations(specs: { name: string; values: string[] }[]): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const s of specs) out = out.flatMap((c) => s.values.map((v) => ({ ...c, [s.name]: v })));
  return out;
}

/** A few goods of the demo enterprise (one sold out, one off shelf), so /Goodlist is alive. */
export async function seedDemoGoods(tenant: Tenant, userId: string): Promise<void> {
  const { db, renterId } = tenant;
  const types = await db.select().from(goodsTypes).where(eq(goodsTypes.renterId, renterId));
  const units = await db.select().from(goodsUnits).where(eq(goodsUnits.renterId, renterId));
  for (const [i, g] of GOODS.entries()) {
    const goodsNo = `SP${String(await nextSequence(tenant, 'goods_no')).padStart(6, '0')}`;
    const [row] = await db
      .insert(goods)
      .values({
        renterId,
        goodsNo,
        title: g.title,
        type: 1,
        categoryId: types.find((t) => t.name === g.category)?.id ?? null,
        unitId: units.find((u) => u.name === g.unit)?.id ?? null,
        sellingPoint: g.sellingPoint,
        specNames: g.specs,
        status: g.status,
        sort: GOODS.length - i,
        createdBy: userId,
      })
      .returning();
    const skus = await db
      .insert(goodsSkus)
      .values(
        combinations(g.specs).map((values, j) => ({
          renterId,
          goodsId: row.id,
          specValues: values,
          skuKey: skuKey(values),
          priceFen: g.skus[j][0],
          originalPriceFen: scaleFen(g.skus[j][0], 6, 5),
          stock: 0,
          sort: j,
        })),
      )
      .returning({ id: goodsSkus.id, sort: goodsSkus.sort });
    // The stock through the ledger, as the goods form opens it.
    await applyStockMoves(
      tenant,
      { kind: 'staff', id: userId },
      skus
        .filter((k) => g.skus[k.sort][1] > 0)
        .map((k) => ({ skuId: k.id, setTo: g.skus[k.sort][1], reason: STOCK_REASON.opening, note: '新建商品', key: `opening:${k.id}` })),
    );
  }
}
