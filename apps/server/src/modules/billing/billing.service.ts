import { APP_COMING_MSG, BUY_YEARS_MSG, fenText, fenToYuan, MD_OR_NF, type renterBuyBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, ensure } from '@/core/errors';
import { fmtTime } from '@/core/time';
import { closePayment, createPayment, type PayOrderRow } from '@/integrations/payment';
import { BUY_STATUS } from '@/db/schema';
import { addRenterYears, lockRenter, productById, productList, renterById, setRenterBuyout, versionOf } from '@/modules/login';
import { appOnSale } from './apps.service';
import { type AppRow, appRepo, buyRepo, type RenterAppRow, type RenterBuyRow } from './billing.repository';
import { tenantOf, tenantFor } from '@/core/tenant';

/** biz_type of billing's pay orders: the payment calls billingPaid for them. */
export const BILLING_BIZ = 'billing';

type BuyInput = z.output<typeof renterBuyBody>;

const ORDER_NOT_FOUND = '购买订单不存在';
const PRODUCT_NOT_FOUND = '购买的产品不存在';

/** What is being bought and what the enterprise may buy of it now. */
interface Target {
  kind: 'product' | 'app';
  id: string;
  name: string;
  annualPriceFen: number;
  buyoutPriceFen: number;
  usagemd: boolean;
  usagenf: boolean;
  mdornf: number;
  serviceEndAt: Date | null;
  productId: string;
}

/** An app's state for the enterprise: bought out, annual until an end, or not bought. */
function appUsage(app: AppRow, mine: RenterAppRow | undefined) {
  const buyout = mine?.mdornf === 1;
  const sold = appOnSale(app.id) && !buyout;
  return {
    buyout,
    bought: buyout || Boolean(mine?.serviceEndAt && mine.serviceEndAt.getTime() > Date.now()),
    usagemd: sold && app.canBuyout,
    usagenf: sold && app.canAnnual,
  };
}

async function targetOf(ctx: Ctx, renterId: string, id: string): Promise<Target> {
  const renter = await renterById(ctx.db, renterId);
  if (!renter) throw new BizError('企业不存在', CODE.notFound);
  const app = id ? await appRepo.byId(ctx.db, id) : undefined;
  if (app) {
    const mine = (await appRepo.ofRenter(tenantFor(ctx, renterId))).get(app.id);
    const u = appUsage(app, mine);
    return {
      kind: 'app',
      id: app.id,
      name: app.name,
      annualPriceFen: app.annualPriceFen,
      buyoutPriceFen: app.buyoutPriceFen,
      usagemd: u.usagemd,
      usagenf: u.usagenf,
      mdornf: mine?.mdornf ?? 0,
      serviceEndAt: mine?.serviceEndAt ?? null,
      productId: renter.productId,
    };
  }
  // The enterprise's own version; '' means it too.
  if (id && id !== renter.productId) throw new BizError(PRODUCT_NOT_FOUND, CODE.notFound);
  const product = await productById(ctx.db, renter.productId);
  if (!product) throw new BizError(PRODUCT_NOT_FOUND, CODE.notFound);
  const v = versionOf(renter, product);
  return {
    kind: 'product',
    id: product.id,
    name: product.name,
    annualPriceFen: product.annualPriceFen,
    buyoutPriceFen: product.buyoutPriceFen,
    usagemd: v.usagemd,
    usagenf: v.usagenf,
    mdornf: renter.mdornf,
    serviceEndAt: renter.serviceEndAt,
    productId: product.id,
  };
}

/** The buy dialog's facts: name, prices (yuan) and which buy types are offered (usagemd / usagenf). */
export async function buyInfo(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  const t = await targetOf(ctx, renterId, id);
  return {
    ProductLineGUID: t.id,
    CustomerGUID: renterId,
    kind: t.kind,
    name: t.name,
    annualPrice: fenToYuan(t.annualPriceFen),
    buyoutPrice: fenToYuan(t.buyoutPriceFen),
    usagemd: t.usagemd,
    usagenf: t.usagenf,
    mdornf: t.mdornf,
    serviceendtime: t.mdornf === 1 ? '' : fmtTime(t.serviceEndAt),
  };
}

const field = (name: string, msg: string, code: number = CODE.validation) => new BizError(msg, code, { errors: [{ field: name, msg }] });

/**
 * RenterBuy: a purchase of the enterprise's version or of an app, and its pay order. An unpaid earlier purchase of the
 * same thing is cancelled first, so one QR code at a time can be paid. Answers the spec's pay data.
 */
export async function buy(ctx: Ctx, input: BuyInput) {
  const { renterId, userId } = renterOf(ctx);
  if (input.CustomerGUID !== renterId) throw field('CustomerGUID', '只能为当前企业购买', CODE.forbidden);
  if (input.BuyYHS !== '' && input.BuyYHS !== '0') throw field('BuyYHS', '优惠码无效');
  const t = await targetOf(ctx, renterId, input.ProductLineGUID);
  if (t.kind === 'app' && !appOnSale(t.id)) throw field('ProductLineGUID', APP_COMING_MSG, CODE.biz);
  const buyout = input.MdOrNf === MD_OR_NF.buyout;
  if (t.mdornf === 1) throw field('MdOrNf', t.kind === 'app' ? '该应用已买断，无需再次购买' : '已买断，无需再次购买', CODE.biz);
  if (buyout && !t.usagemd) throw field('MdOrNf', '当前版本不支持买断', CODE.biz);
  if (!buyout && !t.usagenf) throw field('MdOrNf', '当前版本不支持年费购买', CODE.biz);
  const years = buyout ? 0 : input.BuyNS;
  if (!buyout && years < 1) throw field('BuyNS', BUY_YEARS_MSG);
  const amountFen = buyout ? t.buyoutPriceFen : t.annualPriceFen * years;
  ensure(amountFen > 0, '该产品暂不可购买');
  const appId = t.kind === 'app' ? t.id : null;

  for (const old of await buyRepo.unpaidOf(tenantOf(ctx), appId)) await cancelUnpaid(ctx, renterId, old);

  const created = await inTx(ctx, async (tx) => {
    const row = await buyRepo.insert(tx.db, {
      renterId,
      productId: t.productId,
      appId,
      mdornf: input.MdOrNf,
      years,
      amountFen,
      createdBy: userId,
    });
    await audit(tx, {
      module: 'billing',
      action: '创建购买订单',
      recordId: row.id,
      after: { name: t.name, mdornf: input.MdOrNf, years, amountFen },
    });
    return row;
  });
  const subject = `购买 ${t.name} ${buyout ? '买断' : `${years}年`}`;
  let pay: Awaited<ReturnType<typeof createPayment>>;
  try {
    pay = await createPayment(ctx, { renterId, bizType: BILLING_BIZ, bizId: created.id, subject, amountFen });
  } catch (err) {
    await buyRepo.cancel(tenantOf(ctx), created.id);
    throw err;
  }
  await buyRepo.setPayOrder(tenantOf(ctx), created.id, pay.payOrderId);
  return { PayOrderGUID: created.id, qr_code: pay.qr_code, Total: fenText(amountFen) };
}

/** Closes an unpaid purchase's pay order, then the purchase; refuses when it was paid in the meantime. */
async function cancelUnpaid(ctx: Ctx, renterId: string, b: RenterBuyRow) {
  if (b.payOrderId) await closePayment(ctx, b.payOrderId);
  await inTx(ctx, async (tx) => {
    if (!(await buyRepo.cancel(tenantFor(tx, renterId), b.id))) return;
    await audit(tx, {
      module: 'billing',
      action: '取消购买订单',
      recordId: b.id,
      before: { status: b.status },
      after: { status: BUY_STATUS.cancelled },
    });
  });
}

async function foundBuy(ctx: Ctx, renterId: string, id: string) {
  const b = await buyRepo.byId(tenantFor(ctx, renterId), id);
  if (!b) throw new BizError(ORDER_NOT_FOUND, CODE.notFound);
  return b;
}

/** GetPayOrder: 1 unpaid, 2 paid, 3 cancelled; the purchase is marked paid in the payment's own transaction. */
export async function payStatus(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  return { PayStatus: (await foundBuy(ctx, renterId, id)).status };
}

/** CancelBuy: an unpaid purchase can no longer be paid; cancelling a cancelled one changes nothing. */
export async function cancel(ctx: Ctx, id: string) {
  const { renterId } = renterOf(ctx);
  const b = await foundBuy(ctx, renterId, id);
  if (b.status === BUY_STATUS.paid) throw new BizError('订单已支付，不能取消');
  if (b.status === BUY_STATUS.cancelled) return;
  await cancelUnpaid(ctx, renterId, b);
}

/** GetBuyList: the enterprise's purchases, newest first. */
export async function buyList(ctx: Ctx, offset: number, limit: number) {
  const [{ rows, total }, products] = await Promise.all([buyRepo.page(tenantOf(ctx), offset, limit), productList(ctx.db)]);
  const productName = new Map(products.map((p) => [p.id, p.name]));
  return {
    rows: rows.map(({ buy: b, appName }) => ({
      id: b.id,
      name: (b.appId ? appName : productName.get(b.productId)) ?? '',
      MdOrNf: b.mdornf,
      BuyNS: b.years,
      Total: fenText(b.amountFen),
      status: b.status,
      endBefore: fmtTime(b.endBefore),
      endAfter: b.status === BUY_STATUS.paid && b.mdornf === MD_OR_NF.buyout ? '永久' : fmtTime(b.endAfter),
      paidTime: fmtTime(b.paidAt),
      createTime: fmtTime(b.createdAt),
    })),
    total_count: total,
  };
}

/**
 * The onPaid handler of billing, inside the payment's transaction (it runs once per order: the payment marks the order
 * paid only from unpaid). Annual adds the years to the later of now and the current end; buyout is for good; either
 * ends the trial. Apps go to renter_apps the same way. The ends before and after land on the purchase.
 */
export async function billingPaid(tx: Ctx, pay: PayOrderRow): Promise<void> {
  const b = await buyRepo.byId(tenantFor(tx, pay.renterId), pay.bizId, true);
  if (!b) throw new Error(`billing: purchase ${pay.bizId} of pay order ${pay.id} not found`);
  if (b.status === BUY_STATUS.paid) return;
  const renter = await lockRenter(tx.db, pay.renterId);
  if (!renter) throw new Error(`billing: enterprise ${pay.renterId} not found`);
  let endBefore: Date | null;
  let endAfter: Date | null;
  if (b.appId) {
    const mine = await appRepo.oneOfRenter(tenantFor(tx, pay.renterId), b.appId);
    endBefore = mine?.serviceEndAt ?? null;
    if (mine?.mdornf === 1) {
      // Bought out by another order meanwhile: nothing to extend; the money is refunded by hand.
      tx.log.error({ buyId: b.id }, 'billing: app paid after it was bought out');
      endAfter = null;
    } else
      endAfter = (
        b.mdornf === 1
          ? await appRepo.setBuyout(tenantFor(tx, pay.renterId), b.appId)
          : await appRepo.addYears(tenantFor(tx, pay.renterId), b.appId, b.years)
      ).serviceEndAt;
  } else {
    endBefore = renter.serviceEndAt;
    if (renter.mdornf === 1) {
      tx.log.error({ buyId: b.id }, 'billing: version paid after it was bought out');
      endAfter = null;
    } else
      endAfter = (b.mdornf === 1 ? await setRenterBuyout(tx.db, pay.renterId) : await addRenterYears(tx.db, pay.renterId, b.years))
        .serviceEndAt;
  }
  await buyRepo.markPaid(tenantFor(tx, pay.renterId), b.id, { endBefore, endAfter });
  // The payer's act, logged as the one who placed the order.
  const asBuyer: Ctx = {
    ...tx,
    session: {
      sessionId: '',
      userId: b.createdBy,
      renterId: b.renterId,
      shopId: null,
      staffId: null,
      roleId: null,
      isOwner: true,
      grants: new Set(),
    },
  };
  await audit(
    asBuyer,
    {
      module: 'billing',
      action: '购买支付成功',
      recordId: b.id,
      before: { serviceEnd: fmtTime(endBefore) },
      after: { serviceEnd: b.mdornf === 1 ? '永久' : fmtTime(endAfter), amountFen: b.amountFen },
    },
    b.renterId,
  );
}
