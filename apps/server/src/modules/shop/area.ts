import type { Db } from '../../db/client';
import { BizError, CODE } from '../../core/errors';
import { areaNames } from './shop.repository';

/** A refusal shown under one form field: {errors: [{field, msg}]} like the zod refusals. */
export function fieldRefusal(field: string, msg: string): BizError {
  return new BizError(msg, CODE.validation, { errors: [{ field, msg }] });
}

/** Refuses area codes that are not a province → city → district path of the catalogue. */
export async function checkAreaPath(db: Db, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  const byCode = await areaNames(db, codes);
  const chain = codes.every((code, i) => byCode.get(code)?.parentCode === (i === 0 ? '' : codes[i - 1]));
  if (!chain) throw fieldRefusal('area', '所在地区不正确');
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
