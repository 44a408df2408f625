import type { Db } from '@/db/client';
import { fieldError } from '@/core/errors';
import { areaPathNames } from '@/modules/login';
import { areaNames } from './shop.repository';

/** Refuses area codes that are not a province → city → district path of the catalogue. */
export async function checkAreaPath(db: Db, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  if (!(await areaPathNames(db, codes))) throw fieldError('area', '所在地区不正确');
}

/** '广东省 深圳市 南山区' for each path, from one catalogue read. */
export async function areaLabels(db: Db, paths: string[][]): Promise<string[]> {
  const byCode = await areaNames(db, paths.flat());
  return paths.map((p) =>
    p
      .map((c) => byCode.get(c)?.name ?? '')
      .filter(Boolean)
      .join(' '),
  );
}
