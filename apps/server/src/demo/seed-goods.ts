import { nextSequence } from '../core/sequence';
import type { Db } from '../db/client';
import { goodsTypes, goodsUnits } from '../db/schema';
import { childPath } from '../modules/goods';

/** Top-level categories with their children (one with a third level), in order; 季节限定 starts disabled. */
const CATEGORIES: [string, (string | [string, string[]])[]][] = [
  ['烘焙', ['面包', '蛋糕', ['饼干', ['曲奇', '苏打饼']]]],
  ['饮品', ['咖啡', '茶饮', '果汁']],
  ['零食', ['坚果', '糖果']],
  ['季节限定', ['月饼', '粽子']],
];

const UNITS = ['个', '件', '盒', '袋', '杯', '瓶', '斤', '千克'];

/** The demo enterprise's goods categories and units, so /Catelist and /Unit are alive. */
export async function seedDemoGoodsCatalogue(db: Db, renterId: string): Promise<void> {
  const add = async (name: string, parent: { id: string; path: string; status: number } | null, sort: number, status = 1) => {
    const no = await nextSequence(db, renterId, 'goods_type');
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
