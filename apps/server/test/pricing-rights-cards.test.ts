import { NO_RIGHTS } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCards } from '@/db/schema';
import { priceOrder } from '@/modules/orders';
import { makeGoods, openEveryMethod, renterCtx } from './goods-orders-fixtures';
import { makeApp, type TestApp } from './helper';
import { buyPaid, newMember, openShop, type Shop } from './member-orders.fixture';

/**
 * A rights card's rights at checkout (pricing README step 2): the best of the member's level and the cards they hold
 * valid now. 至尊月卡 gives 9折 and 包邮 on a goods that joins the member discount; a card withdrawn or expired gives nothing.
 */
let t: TestApp;
let s: Shop;
let cardId: string;
let skuId: string;
const AREA = ['44', '4403', '440305'];

beforeAll(async () => {
  t = await makeApp();
  s = await openShop(t, '权益卡结算店');
  await openEveryMethod(t, s.owner.renterId);
  cardId = (
    await t.ok(
      '/Config/VIPCard/save',
      {
        name: '至尊月卡',
        needpay: 1,
        price: '29.90',
        validDays: 30,
        rights: { ...NO_RIGHTS, discount: 900, freeShipping: true },
        cover: { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' },
        notice: '',
      },
      s.owner.token,
    )
  ).id as string;
  ({ skuId } = await makeGoods(t, s.owner.renterId, { priceFen: 10_000, postFeeFen: 600, joinVip: true }));
});
afterAll(() => t.close());

const price = (memberId: string) =>
  priceOrder(renterCtx(t, s.owner.renterId), {
    renterId: s.owner.renterId,
    shopId: s.shop,
    memberId,
    lines: [{ skuId, qty: 1 }],
    deliveryMethod: 1,
    area: AREA,
  });

describe('a paid rights card at checkout', () => {
  it('gives its discount and free shipping to the member who bought it, not to another', async () => {
    const buyer = await newMember(t, s.shop);
    const other = await newMember(t, s.shop);
    expect(await price(other.id)).toMatchObject({ goodsFen: 10_000, discountFen: 0, freightFen: 600, payFen: 10_600 });
    await buyPaid(t, { ...s, cardId }, buyer, 2);
    expect(await price(buyer.id)).toMatchObject({ goodsFen: 10_000, discountFen: 1_000, freightFen: 0, payFen: 9_000 });
  });

  it('gives nothing once the card is withdrawn or expired', async () => {
    const withdrawn = await newMember(t, s.shop);
    await buyPaid(t, { ...s, cardId }, withdrawn, 2);
    await t.db
      .update(memberCards)
      .set({ status: 0 })
      .where(and(eq(memberCards.memberId, withdrawn.id), eq(memberCards.cardId, cardId)));
    expect(await price(withdrawn.id)).toMatchObject({ discountFen: 0, freightFen: 600 });

    const expired = await newMember(t, s.shop);
    await buyPaid(t, { ...s, cardId }, expired, 2);
    await t.db
      .update(memberCards)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(memberCards.memberId, expired.id), eq(memberCards.cardId, cardId)));
    expect(await price(expired.id)).toMatchObject({ discountFen: 0, freightFen: 600 });
  });
});
