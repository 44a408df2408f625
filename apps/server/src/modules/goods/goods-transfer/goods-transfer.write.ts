import { goodsSaveBody, type goodsImportRow } from '@shop/contract';
import type { z } from 'zod';
import type { Ctx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { parseTime } from '@/core/time';
import { buildMatrix } from '@/modules/goods/goods/goods.matrix';
import type { GoodsInsert, GoodsRow, GoodsSkuRow, SkuInsert } from '@/modules/goods/goods/goods.repository';
import { goodsRepo } from '@/modules/goods/goods/goods.repository';
import { goodsNoOf, goodsValuesOf } from '@/modules/goods/goods/goods.service';
import { extrasOfDetail, extrasOfSave } from '@/modules/goods/goods/goods-extras.service';
import { type CheckedGoods, checkGoods, existingInput, groupRows, type Lookups, type SaveInput } from './goods-transfer.check';
import { type ImportOutcome, goodsTransferRepo as repo } from './goods-transfer.repository';
import type { Cells, SheetRow } from './goods-transfer.sheet';
import type { Tenant } from '@/core/tenant';
import { tenantFor } from '@/core/tenant';
import { moveStock, STOCK_REASON, type StockMove } from '@/modules/goods/goods/stock-moves';

type PreviewRow = z.output<typeof goodsImportRow>;
/** A row as the batch keeps it: the preview plus the cells, so the confirm can check the file again. */
export type StoredRow = PreviewRow & { cells: Cells };
export type ImportResult = Extract<ImportOutcome, { result: unknown }>['result'];

/** Goods per multi-row statement (an import chunk, IMPORT_CHUNK in goods-transfer.runner.ts, may hold several). */
const CHUNK = 250;

/**
 * Lets the event loop run (timers, other requests' parsing) between statements of a chunk: PGlite answers queries
 * without real I/O, so a long transaction would otherwise hold the loop until it ends.
 */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The enterprise's categories, units and the goods of these numbers. */
export async function lookups(tenant: Tenant, rows: SheetRow[]): Promise<Lookups> {
  const nos = [...new Set(rows.map((r) => r.cells.goodsNo).filter(Boolean))];
  // One after another: inside the confirm's transaction there is one connection.
  const categories = await repo.categoryPaths(tenant);
  const units = await repo.units(tenant);
  const existing = await repo.goodsByNos(tenant, nos);
  return {
    categories: categories.byPath,
    units: new Map(units.map((u) => [u.name, u.id])),
    existing: new Map(existing.map((g) => [g.goodsNo, g])),
  };
}

export function checkAll(rows: SheetRow[], look: Lookups): CheckedGoods[] {
  return groupRows(rows).map((group, i) => checkGoods(i + 1, group, look));
}

/** A batch's stored rows, without the outcome a finished import keeps last. */
export const storedOf = (rows: unknown[]): StoredRow[] => rows.filter((r) => !(r as { outcome?: unknown }).outcome) as StoredRow[];
/** Goods without errors of a batch's rows (in the preview). */
export const validGoodsOf = (rows: { goodsOk: boolean; goodsIndex: number }[]) =>
  new Set(rows.filter((r) => r.goodsOk).map((r) => r.goodsIndex)).size;
/** The outcome a finished import keeps last in its rows, if any. */
export const outcomeOf = (rows: unknown[]): ImportOutcome | undefined => (rows.at(-1) as { outcome?: ImportOutcome } | undefined)?.outcome;

/** The goods of a batch's stored rows, in file order (groupRows gives the same goods the preview numbered). */
export const goodsOfStored = (stored: StoredRow[]): SheetRow[][] => groupRows(stored.map((r) => ({ row: r.row, cells: r.cells })));

/**
 * Checks goods [from, to) of a batch (0-based, in file order) again against the data as it is now (call it under the
 * goods-number lock). Errors need onlyValid; a goods that was fine in the preview and is not any more refuses the
 * whole import.
 */
export async function recheck(tenant: Tenant, stored: StoredRow[], onlyValid: boolean, from = 0, to = Number.POSITIVE_INFINITY) {
  const part = goodsOfStored(stored).slice(from, to);
  const look = await lookups(tenant, part.flat());
  const checked = part.map((group, i) => checkGoods(from + i + 1, group, look));
  const bad = checked.filter((c) => c.errors.size > 0);
  if (bad.length && !onlyValid) {
    const badRows = bad.reduce((n, c) => n + c.errors.size, 0);
    throw new BizError(`有${badRows}行数据有错误，请修改后重新上传，或选择仅导入正确的商品`);
  }
  const wasBad = new Set(stored.filter((r) => !r.goodsOk).map((r) => r.goodsIndex));
  const changed = bad.find((c) => !wasBad.has(c.index));
  if (changed) {
    const [msg] = [...changed.errors.values()][0];
    throw new BizError(`${msg}（预览后数据有变化，请重新上传）`);
  }
  return { look, good: checked.filter((c) => c.input), skipped: bad.length, goodsCount: part.length };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether saving input would change nothing: the goods columns and every SKU as they are. */
function sameGoods(before: GoodsRow, skus: GoodsSkuRow[], input: SaveInput): boolean {
  const values = goodsValuesOf(input, before.startSaleAt) as Record<string, unknown>;
  const row = before as unknown as Record<string, unknown>;
  if (!Object.keys(values).every((k) => same(values[k], row[k]))) return false;
  const matrix = buildMatrix(input.specs, input.skus);
  const byKey = new Map(skus.map((s) => [s.skuKey, s]));
  return (
    matrix.length === skus.length &&
    matrix.every((m) => {
      const s = byKey.get(m.skuKey) as unknown as Record<string, unknown> | undefined;
      // The same skuKey is the same combination (jsonb keeps specValues' keys in its own order).
      return s !== undefined && Object.entries(m).every(([k, v]) => k === 'specValues' || same(v, s[k]));
    })
  );
}

/** Goods numbers for the new goods left without one: the counter's next values, skipping numbers in use or in the file. */
async function numbersFor(tenant: Tenant, n: number, inFile: ReadonlySet<string>): Promise<string[]> {
  const out: string[] = [];
  while (out.length < n) {
    const candidates = (await repo.reserveGoodsNos(tenant, n - out.length)).map(goodsNoOf).filter((no) => !inFile.has(no));
    const taken = await repo.takenNos(tenant, candidates);
    out.push(...candidates.filter((no) => !taken.has(no)));
  }
  return out;
}

/**
 * New goods in bulk: the rows checkGoods passed (the save body rules and the SKU matrix of buildMatrix), stored with
 * the same column mapping as the goods save (goodsValuesOf, extrasOfSave), a few statements per CHUNK goods.
 */
async function createAll(
  tx: Ctx,
  renterId: string,
  userId: string,
  batchId: string,
  creates: CheckedGoods[],
  inFile: ReadonlySet<string>,
  step: (n: number) => Promise<void>,
) {
  const inputs = creates.map((c) => c.input as SaveInput);
  const fresh = await numbersFor(tenantFor(tx, renterId), inputs.filter((i) => !i.goodsNo).length, inFile);
  const out: { id: string; goodsNo: string; title: string }[] = [];
  for (let i = 0; i < inputs.length; i += CHUNK) {
    const part = inputs.slice(i, i + CHUNK);
    const rows: GoodsInsert[] = [];
    for (const input of part) {
      const goodsNo = input.goodsNo || (fresh.shift() as string);
      rows.push({
        renterId,
        goodsNo,
        createdBy: userId,
        ...goodsValuesOf(input, null),
        ...(await extrasOfSave(tenantFor(tx, renterId), input)),
      });
    }
    const ids = await repo.insertGoods(tx.db, rows);
    const skus = rows.flatMap((r, j) => {
      const goodsId = ids.get(r.goodsNo) as string;
      return buildMatrix(part[j].specs, part[j].skus).map((m) => ({ renterId, goodsId, ...m }));
    });
    await repo.insertSkus(
      tx.db,
      skus.map((k) => ({ ...k, stock: 0 })),
    );
    await importStock(
      tx,
      renterId,
      userId,
      batchId,
      skus.map((k) => ({ ...k, opening: true })),
    );
    out.push(...rows.map((r) => ({ id: ids.get(r.goodsNo) as string, goodsNo: r.goodsNo, title: r.title })));
    await step(part.length);
  }
  return out;
}

/**
 * The columns of a SKU the matrix sets (all but its combination key, which is how a kept SKU is found, and the stock,
 * which moves through the ledger: importStock).
 */
const SKU_KEYS = ['specValues', 'priceFen', 'originalPriceFen', 'costFen', 'weightG', 'code', 'barcode', 'sort'];

/** The ledger's note of an import's stock. */
export const IMPORT_STOCK_NOTE = '导入';

/**
 * The sheet's stock of SKUs an import chunk wrote (new ones inserted with stock 0): through the stock ledger, the
 * difference from the stock under the goods row lock ('opening' for a new SKU, 'import' for a kept one, none where it
 * is the same), the merchant who confirmed the import as operator, keyed by batch and SKU.
 */
async function importStock(
  tx: Ctx,
  renterId: string,
  userId: string,
  batchId: string,
  wanted: { goodsId: string; skuKey: string; stock: number; opening: boolean }[],
) {
  if (!wanted.length) return;
  const now = await repo.skusOf(tenantFor(tx, renterId), [...new Set(wanted.map((w) => w.goodsId))]);
  const byKey = new Map([...now.values()].flat().map((s) => [`${s.goodsId}/${s.skuKey}`, s]));
  const moves: StockMove[] = [];
  for (const w of wanted) {
    const sku = byKey.get(`${w.goodsId}/${w.skuKey}`);
    if (!sku) continue;
    const reason = w.opening ? STOCK_REASON.opening : STOCK_REASON.import;
    moves.push({ skuId: sku.id, setTo: w.stock, reason, note: IMPORT_STOCK_NOTE, key: `import:${batchId}:${sku.id}` });
  }
  await moveStock(tx, renterId, moves, { kind: 'staff', id: userId || null });
}

/**
 * Existing goods: each becomes the goods save body of the goods as it is (existingInput plus the extras of detail)
 * with the sheet's fields over it, checked as `save` checks it; unchanged goods are counted and not written; the
 * changed ones are written a CHUNK at a time with multi-row statements doing what `save` does for an edit: SKUs whose
 * combination is gone removed first, kept combinations updated in place (same SKU id), new combinations inserted, the
 * goods row updated.
 */
async function updateAll(
  tx: Ctx,
  renterId: string,
  by: { userId: string; batchId: string },
  updates: CheckedGoods[],
  look: Lookups,
  step: (n: number) => Promise<void>,
) {
  const categoryIds = new Set(look.categories.values());
  const unitIds = new Set(look.units.values());
  const oldSkus = await repo.skusOf(
    tenantFor(tx, renterId),
    updates.map((c) => c.existingId as string),
  );
  const updated: { id: string; goodsNo: string }[] = [];
  let unchanged = 0;
  const rowError = (c: CheckedGoods, e: unknown) =>
    e instanceof BizError ? new BizError(`第${c.rows[0].row}行：${e.message}`, e.code) : e;
  for (let i = 0; i < updates.length; i += CHUNK) {
    const removed: string[] = [];
    const kept: Record<string, unknown>[] = [];
    const added: SkuInsert[] = [];
    const stocks: { goodsId: string; skuKey: string; stock: number; opening: boolean }[] = [];
    const goodsRows: Record<string, unknown>[] = [];
    for (const c of updates.slice(i, i + CHUNK)) {
      const before = look.existing.get(c.overrides.goodsNo as string) as GoodsRow;
      const skus = oldSkus.get(before.id) ?? [];
      try {
        // The goods as it is (the fields the sheet does not carry stay), with the sheet's fields over it.
        const base = { ...existingInput(before), ...(await extrasOfDetail(tenantFor(tx, renterId), before)) };
        const parsed = goodsSaveBody.safeParse({ ...base, ...c.overrides });
        if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '商品数据不正确', CODE.validation);
        const input = parsed.data;
        if (sameGoods(before, skus, input)) {
          unchanged += 1;
          continue;
        }
        // save's checks: the start time of a scheduled goods, the category and unit as they are now, the extras.
        let startSaleAt: Date | null = null;
        if (input.status === 2) {
          startSaleAt = input.startSaleAt ? parseTime(input.startSaleAt) : null;
          if (!startSaleAt || Number.isNaN(startSaleAt.getTime())) throw new BizError('请选择开售时间', CODE.validation);
        }
        if (input.categoryId && !categoryIds.has(input.categoryId)) throw new BizError('商品分类不存在', CODE.validation);
        if (input.unitId && !unitIds.has(input.unitId)) throw new BizError('商品单位不存在', CODE.validation);
        const extras = await extrasOfSave(tenantFor(tx, renterId), input, before.freightTemplateId);
        const matrix = buildMatrix(input.specs, input.skus);
        const byKey = new Map(skus.map((s) => [s.skuKey, s]));
        const keys = new Set(matrix.map((m) => m.skuKey));
        removed.push(...skus.filter((s) => !keys.has(s.skuKey)).map((s) => s.id));
        for (const { stock, ...m } of matrix) {
          const old = byKey.get(m.skuKey);
          if (old) kept.push({ id: old.id, ...m });
          else added.push({ renterId, goodsId: before.id, ...m, stock: 0 });
          stocks.push({ goodsId: before.id, skuKey: m.skuKey, stock, opening: !old });
        }
        goodsRows.push({ id: before.id, goodsNo: before.goodsNo, ...goodsValuesOf(input, startSaleAt), ...extras });
        updated.push({ id: before.id, goodsNo: before.goodsNo });
      } catch (e) {
        throw rowError(c, e);
      }
    }
    // Removed first: a kept SKU may take over a barcode or code a removed one had.
    await repo.deleteSkus(tenantFor(tx, renterId), removed);
    await repo.updateSkus(tenantFor(tx, renterId), SKU_KEYS, kept);
    await repo.insertSkus(tx.db, added);
    await importStock(tx, renterId, by.userId, by.batchId, stocks);
    if (goodsRows.length) {
      await repo.updateGoods(
        tenantFor(tx, renterId),
        Object.keys(goodsRows[0]).filter((k) => k !== 'id'),
        goodsRows,
      );
    }
    await step(Math.min(CHUNK, updates.length - i));
  }
  return { updated, unchanged };
}

/**
 * One chunk of a confirmed import, inside its transaction: goods [from, from + size) of the batch (file order) checked
 * again under the goods-number lock, the new ones inserted and the changed ones updated in bulk. Answers what it wrote
 * and where the next chunk starts (`next` = the number of goods of the batch when this was the last).
 */
export async function writeChunk(
  tx: Ctx,
  batch: { id: string; renterId: string; rows: unknown[] },
  userId: string,
  from: number,
  size: number,
): Promise<{
  result: ImportResult;
  created: { id: string; goodsNo: string; title: string }[];
  updated: { id: string; goodsNo: string }[];
  next: number;
  goodsCount: number;
}> {
  const { renterId } = batch;
  await goodsRepo.lockNumbers(tenantFor(tx, renterId));
  const stored = storedOf(batch.rows);
  const goodsCount = goodsOfStored(stored).length;
  // onlyValid was settled by the confirm: goods bad in the preview are skipped, any other error refuses.
  const { look, good, skipped } = await recheck(tenantFor(tx, renterId), stored, true, from, from + size);
  const step = async () => breathe();
  // A new goods without a number never takes one the file gives another goods (in this chunk or a later one).
  const inFile = new Set(stored.map((r) => r.cells.goodsNo).filter(Boolean));
  const created = await createAll(
    tx,
    renterId,
    userId,
    batch.id,
    good.filter((c) => !c.existingId),
    inFile,
    step,
  );
  const { updated, unchanged } = await updateAll(
    tx,
    renterId,
    { userId, batchId: batch.id },
    good.filter((c) => c.existingId),
    look,
    step,
  );
  return {
    result: { created: created.length, updated: updated.length, unchanged, skipped },
    created,
    updated,
    next: Math.min(from + size, goodsCount),
    goodsCount,
  };
}
