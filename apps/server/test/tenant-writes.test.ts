/**
 * The writes that background work and payments make by id (issue 13 §4) name the renter too: given renter A and an id of
 * renter B, each changes nothing of B; given B, the same call does change the row (so each case can fail).
 * What an endpoint can reach is covered by cross-renter.test.ts; these run where no endpoint leads.
 */
import { seedTenant } from '@/core/tenant';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { forms, goodsImports, imageTransferItems, imageTransferTasks, payOrders, payRefunds } from '@/db/schema';
import { PAY_STATUS } from '@/integrations/payment';
import { payOrderRepo, payRefundRepo } from '@/integrations/payment/payment.repository';
import { ITEM, TASK, transferRepo } from '@/modules/files/transfer.repository';
import { formRepo } from '@/modules/forms/forms.repository';
import { goodsTransferRepo } from '@/modules/goods/goods-transfer/goods-transfer.repository';
import { makeApp, type Person, type TestApp } from './helper';
import { snapshotOf, twoRenters } from './tenant-fixtures';

let t: TestApp;
let a: Person;
let b: Person;
beforeAll(async () => {
  t = await makeApp();
  [a, b] = await twoRenters(t);
}, 60_000);
afterAll(() => t.close());

const first = async <T>(rows: Promise<T[]>): Promise<T> => (await rows)[0];
const payOf = (renterId: string) => first(t.db.select().from(payOrders).where(eq(payOrders.renterId, renterId)));
const refundOf = (renterId: string) => first(t.db.select().from(payRefunds).where(eq(payRefunds.renterId, renterId)));
const taskOf = (renterId: string) => first(t.db.select().from(imageTransferTasks).where(eq(imageTransferTasks.renterId, renterId)));
const itemOf = (renterId: string) => first(t.db.select().from(imageTransferItems).where(eq(imageTransferItems.renterId, renterId)));
const importOf = (renterId: string) => first(t.db.select().from(goodsImports).where(eq(goodsImports.renterId, renterId)));
const formOf = (renterId: string) => first(t.db.select().from(forms).where(eq(forms.renterId, renterId)));

/**
 * `prepare` puts B's row where the write would change it; `write(renterId)` is the write for B's row. Run as A it
 * leaves every row of B as it was; run as B it changes something.
 */
async function refusesOtherRenter(prepare: () => Promise<unknown>, write: (db: Db, renterId: string) => Promise<unknown>) {
  await prepare();
  const before = await snapshotOf(t.db, b.renterId);
  await write(t.db, a.renterId);
  expect(await snapshotOf(t.db, b.renterId)).toEqual(before);
  await write(t.db, b.renterId);
  expect(await snapshotOf(t.db, b.renterId)).not.toEqual(before);
}

describe('payments', () => {
  const setPay = async (v: Partial<typeof payOrders.$inferInsert>) =>
    t.db
      .update(payOrders)
      .set(v)
      .where(eq(payOrders.id, (await payOf(b.renterId)).id));

  it('sets the provider order of its own renter only', async () => {
    const o = await payOf(b.renterId);
    await refusesOtherRenter(
      () => setPay({ status: PAY_STATUS.unpaid }),
      (db, r) => payOrderRepo.setProviderOrder(seedTenant(db, r), o.id, { qrCode: 'q', providerRef: 'ref' }),
    );
  });

  it('closes, reserves and releases within its renter', async () => {
    const o = await payOf(b.renterId);
    await refusesOtherRenter(
      () => setPay({ status: PAY_STATUS.unpaid }),
      (db, r) => payOrderRepo.markClosed(seedTenant(db, r), o.id),
    );
    await refusesOtherRenter(
      () => setPay({ status: PAY_STATUS.paid, refundedFen: 0 }),
      (db, r) => payOrderRepo.reserveRefund(seedTenant(db, r), o.id, 1),
    );
    await refusesOtherRenter(
      () => setPay({ status: PAY_STATUS.paid, refundedFen: 10 }),
      (db, r) => payOrderRepo.releaseRefund(seedTenant(db, r), o.id, 1),
    );
  });

  it('finishes a refund of its own renter only', async () => {
    const refund = await refundOf(b.renterId);
    await refusesOtherRenter(
      () => t.db.update(payRefunds).set({ status: 1 }).where(eq(payRefunds.id, refund.id)),
      (db, r) => payRefundRepo.finishPending(seedTenant(db, r), refund.id, { status: 2, providerRef: 'done' }),
    );
  });
});

describe('image transfers', () => {
  const setTask = async (v: Partial<typeof imageTransferTasks.$inferInsert>) =>
    t.db
      .update(imageTransferTasks)
      .set(v)
      .where(eq(imageTransferTasks.id, (await taskOf(b.renterId)).id));
  const setItem = async (status: number) =>
    t.db
      .update(imageTransferItems)
      .set({ status, claimedUntil: null })
      .where(eq(imageTransferItems.id, (await itemOf(b.renterId)).id));

  it('claims, counts, finishes and re-queues within the renter', async () => {
    const task = await taskOf(b.renterId);
    const item = await itemOf(b.renterId);
    await refusesOtherRenter(
      () => setTask({ status: TASK.queued }),
      (db, r) => transferRepo.claim(seedTenant(db, r), task.id),
    );
    await refusesOtherRenter(
      () => setItem(ITEM.waiting),
      (db, r) => transferRepo.claimItem(seedTenant(db, r), task.id, 60),
    );
    await refusesOtherRenter(
      () => Promise.all([setTask({ status: TASK.running, total: 2, doneCount: 0, okCount: 0, failCount: 0 }), setItem(ITEM.waiting)]),
      (db, r) => transferRepo.finishItem(db, { ...item, renterId: r }, { status: ITEM.failed, error: '下载失败' }),
    );
    await refusesOtherRenter(
      () => setTask({ status: TASK.running, total: 1, doneCount: 1, okCount: 0, failCount: 1 }),
      (db, r) => transferRepo.finish(seedTenant(db, r), task.id),
    );
    await refusesOtherRenter(
      () => Promise.all([setTask({ status: TASK.done, total: 1, doneCount: 1, okCount: 0, failCount: 1 }), setItem(ITEM.failed)]),
      (db, r) => transferRepo.requeueFailed(seedTenant(db, r), task.id),
    );
    expect(await transferRepo.progress(seedTenant(t.db, a.renterId), task.id)).toBeUndefined();
  });
});

describe('goods imports', () => {
  const importing = async () =>
    t.db
      .update(goodsImports)
      .set({ status: 4 })
      .where(eq(goodsImports.id, (await importOf(b.renterId)).id));

  it('locks and ends a batch of its own renter only', async () => {
    const batch = await importOf(b.renterId);
    const result = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
    await refusesOtherRenter(importing, (db, r) => goodsTransferRepo.setImported(seedTenant(db, r), batch.id, 0, result));
    await refusesOtherRenter(importing, (db, r) => goodsTransferRepo.setChunkDone(seedTenant(db, r), batch.id, 1, 1, result));
    await refusesOtherRenter(importing, (db, r) => goodsTransferRepo.setFailed(seedTenant(db, r), batch.id, 1, '导入失败'));
    expect(await goodsTransferRepo.lockBatch(seedTenant(t.db, a.renterId), batch.id)).toBeUndefined();
  });
});

describe('forms', () => {
  it('takes a place of a form of its own renter only', async () => {
    const form = await formOf(b.renterId);
    await refusesOtherRenter(
      () => t.db.update(forms).set({ state: 1, totalLimit: 0 }).where(eq(forms.id, form.id)),
      (db, r) => formRepo.takePlace(seedTenant(db, r), form.id),
    );
  });
});
