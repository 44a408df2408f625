/** Members, paid orders and requests for the after-sales tests (orders README "After-sales"). */
import { SHOP_HEADER } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { members, returnAddresses, shops } from '@/db/schema';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import type { TestApp } from './helper';
import { newPhone } from './helper';
import { order } from './goods-orders-console-fixtures';

export const SV = '/Order/Service/';
export const H = '/h5/AfterSale/';

export interface Buyer {
  token: string;
  id: string;
  phone: string;
  shop: string;
}

export const shopOf = async (t: TestApp, renterId: string) =>
  (await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;

/** A member of the renter's shop, logged in by SMS. */
export async function buyerOf(t: TestApp, renterId: string): Promise<Buyer> {
  const shop = await shopOf(t, renterId);
  const phone = newPhone();
  await t.passSmsCooldown(phone);
  await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shop });
  const d = (await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shop })).body.data;
  const [m] = await t.db.select().from(members).where(eq(members.id, d.member.id));
  return { token: d.token, id: m.id, phone: m.phone ?? phone, shop };
}

/** The buyer's call; answers the whole reply. */
export const h5 = (t: TestApp, b: Buyer, path: string, body: unknown) => t.call(path, body, b.token, { [SHOP_HEADER]: b.shop });

/** A paid order of the buyer (qty per line, 50.00 a unit unless said), with its line ids. */
export async function paidOrder(t: TestApp, renterId: string, b: Buyer, o: { qty?: number[]; priceFen?: number; unpaid?: boolean } = {}) {
  const made = await order(t, renterId, {
    qty: o.qty ?? [1],
    priceFen: o.priceFen,
    unpaid: o.unpaid,
    member: { id: b.id, phone: b.phone },
  });
  const detail = (await h5(t, b, '/h5/Order/Detail', { id: made.id })).body.data;
  return { ...made, lineIds: (detail?.lines ?? []).map((l: { id: string }) => l.id) as string[] };
}

/** The renter's default 退货地址. */
export async function addReturnAddress(t: TestApp, renterId: string) {
  await t.db
    .insert(returnAddresses)
    .values({ renterId, name: '售后组', phone: '13800000000', area: ['44', '4403', '440305'], address: '科技园退货仓', isDefault: true });
}

/** The buyer's image upload for a request (/h5/AfterSale/UpLoad, multipart, the member's token); the whole answer. */
export async function uploadAs(t: TestApp, b: Buyer, data = makePng()) {
  const { payload, headers } = multipart([{ name: 'file', filename: '破损.png', type: 'image/png', data }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${H}UpLoad`,
    payload,
    headers: { ...headers, token: b.token, [SHOP_HEADER]: b.shop },
  });
  return res.json() as { code: number; msg: string; data: { id: string; url: string } };
}
