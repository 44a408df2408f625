import { EXPRESS_BUY_STATUS, fenText, fenToYuan } from '@shop/contract';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { type Tenant, tenantFor, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { closePayment, createPayment, type PayOrderRow } from '@/integrations/payment';
import { type ExpressBuyRow, expressRepo } from './express.repository';

/** biz_type of waybill package payments: the payment calls expressPaid for them. */
export const EXPRESS_BIZ = 'express-package';

/** The electronic waybill packages on sale (a small fixed catalogue, like the app centre's). */
export const EXPRESS_PACKAGES = [
  { id: 'waybill-100', name: '电子面单100单', waybills: 100, priceFen: 1000 },
  { id: 'waybill-500', name: '电子面单500单', waybills: 500, priceFen: 4500 },
  { id: 'waybill-1000', name: '电子面单1000单', waybills: 1000, priceFen: 8500 },
] as const;

const BUY_NOT_FOUND = '购买记录不存在';

async function found(tenant: Tenant, id: string): Promise<ExpressBuyRow> {
  const b = await expressRepo.byId(tenant, id);
  if (!b) throw new BizError(BUY_NOT_FOUND, CODE.notFound);
  return b;
}

/** PackageList: the packages and the waybills the enterprise has left. */
export async function packages(ctx: Ctx) {
  return {
    rows: EXPRESS_PACKAGES.map((p) => ({ id: p.id, name: p.name, waybills: p.waybills, price: fenToYuan(p.priceFen) })),
    quota: await expressRepo.quota(tenantOf(ctx)),
  };
}

/** BuyPage: the enterprise's purchases, newest first. */
export async function buyPage(ctx: Ctx, status: number, offset: number, limit: number) {
  const { rows, total } = await expressRepo.page(tenantOf(ctx), status, offset, limit);
  return {
    rows: rows.map((b) => ({
      id: b.id,
      packageName: b.packageName,
      waybills: b.waybills,
      Total: fenText(b.amountFen),
      status: b.status,
      createTime: fmtTime(b.createdAt),
      paidTime: fmtTime(b.paidAt),
    })),
    total_count: total,
  };
}

/** Charge: a purchase of a package and its pay order (sandbox by default); answers the QR code and the total. */
export async function charge(ctx: Ctx, packageId: string) {
  const { renterId, userId } = renterOf(ctx);
  const p = EXPRESS_PACKAGES.find((x) => x.id === packageId);
  if (!p) throw fieldError('packageId', '套餐不存在');
  const created = await inTx(ctx, async (tx) => {
    const row = await expressRepo.insert(tx.db, {
      renterId,
      packageId: p.id,
      packageName: p.name,
      waybills: p.waybills,
      amountFen: p.priceFen,
      createdBy: userId,
    });
    await audit(tx, {
      module: 'delivery',
      action: '购买电子面单',
      recordId: row.id,
      after: { packageName: p.name, amountFen: p.priceFen },
    });
    return row;
  });
  let pay: Awaited<ReturnType<typeof createPayment>>;
  try {
    pay = await createPayment(ctx, { renterId, bizType: EXPRESS_BIZ, bizId: created.id, subject: `购买 ${p.name}`, amountFen: p.priceFen });
  } catch (err) {
    await expressRepo.close(tenantOf(ctx), created.id);
    throw err;
  }
  await expressRepo.setPay(tenantOf(ctx), created.id, pay.payOrderId, pay.qr_code);
  return { id: created.id, qr_code: pay.qr_code, Total: fenText(p.priceFen) };
}

/** ChargeResult: 1 待支付, 2 已支付, 3 已关闭; marked paid in the payment's own transaction. */
export async function chargeResult(ctx: Ctx, id: string) {
  return { status: (await found(tenantOf(ctx), id)).status };
}

/** GetQrCode: the QR code of an unpaid purchase, to pay it after all. */
export async function qrCode(ctx: Ctx, id: string) {
  const b = await found(tenantOf(ctx), id);
  if (b.status === EXPRESS_BUY_STATUS.paid) throw new BizError('该购买已支付');
  if (b.status !== EXPRESS_BUY_STATUS.unpaid || !b.qrCode) throw new BizError('该购买已关闭，请重新购买');
  return { id: b.id, qr_code: b.qrCode, Total: fenText(b.amountFen) };
}

/** DelBuyCode: closes an unpaid purchase (its pay order first, so its QR code pays nothing); a closed one stays closed. */
export async function closeBuy(ctx: Ctx, id: string) {
  const b = await found(tenantOf(ctx), id);
  if (b.status === EXPRESS_BUY_STATUS.paid) throw new BizError('订单已支付，不能关闭');
  if (b.status === EXPRESS_BUY_STATUS.closed) return;
  if (b.payOrderId) await closePayment(ctx, b.payOrderId);
  await inTx(ctx, async (tx) => {
    if (!(await expressRepo.close(tenantOf(tx), id))) return;
    await audit(tx, { module: 'delivery', action: '关闭电子面单购买', recordId: id, before: { status: b.status }, after: { status: 3 } });
  });
}

/**
 * The onPaid handler, inside the payment's transaction (once per pay order): the purchase turns paid and its waybills
 * are added to the quota in one conditional UPDATE each. Logged under the buyer's name.
 */
export async function expressPaid(tx: Ctx, pay: PayOrderRow): Promise<void> {
  const tenant = tenantFor(tx, pay.renterId);
  const b = await expressRepo.byId(tenant, pay.bizId, true);
  if (!b) throw new Error(`delivery: purchase ${pay.bizId} of pay order ${pay.id} not found`);
  if (!(await expressRepo.markPaid(tenant, b.id))) return;
  if (b.status === EXPRESS_BUY_STATUS.closed) tx.log.warn({ buyId: b.id }, 'delivery: a closed waybill purchase was paid; waybills added');
  const quota = await expressRepo.addQuota(tenant, b.waybills);
  await audit(
    tx,
    {
      module: 'delivery',
      action: '电子面单支付成功',
      recordId: b.id,
      after: { packageName: b.packageName, waybills: b.waybills, quota, amountFen: b.amountFen },
    },
    { renterId: b.renterId, userId: b.createdBy },
  );
}
