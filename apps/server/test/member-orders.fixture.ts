import { NO_RIGHTS, SHOP_HEADER } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { memberOrders, members, shops } from '@/db/schema';
import { newPhone, payBySandbox, type Person, type TestApp } from './helper';

/** Level and rights-card orders' test set-up: a shop with a paid level and a paid card, members who buy them. */
export interface Shop {
  owner: Person;
  shop: string;
  levelId: string;
  cardId: string;
}

let seq = 0;

export async function openShop(t: TestApp, name: string, levelPrice = '99.00', levelDays = 30): Promise<Shop> {
  const owner = await t.registerOwner(name);
  const shop = (await t.db.select().from(shops).where(eq(shops.renterId, owner.renterId)).limit(1))[0].id;
  const levelId = (
    await t.ok(
      '/Sys/LV/save',
      {
        needpay: 1,
        name: `黑卡${++seq}`,
        rank: 1,
        price: levelPrice,
        validDays: levelDays,
        rights: { ...NO_RIGHTS, discount: 900 },
        description: '',
      },
      owner.token,
    )
  ).id as string;
  await t.ok('/Sys/LV/changepay', { on: '1' }, owner.token);
  const cardId = (
    await t.ok(
      '/Config/VIPCard/save',
      {
        name: `省钱卡${++seq}`,
        needpay: 1,
        price: '19.90',
        validDays: 10,
        rights: { ...NO_RIGHTS, discount: 950 },
        cover: { bgColor: '#1f1f1f', bgImage: '', textColor: '#ffffff' },
        notice: '',
      },
      owner.token,
    )
  ).id as string;
  return { owner, shop, levelId, cardId };
}

export function h5(t: TestApp, path: string, body: unknown, shop: string, token?: string) {
  return t.call(path, body, token, { [SHOP_HEADER]: shop });
}

export async function h5ok(t: TestApp, path: string, body: unknown, shop: string, token?: string) {
  const r = await h5(t, path, body, shop, token);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}

/** A new member of the shop, logged in by SMS code. */
export async function newMember(t: TestApp, shop: string) {
  const phone = newPhone();
  await t.passSmsCooldown(phone);
  await h5ok(t, '/h5/Member/SendCode', { phone }, shop);
  const d = await h5ok(t, '/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, shop);
  return { token: d.token as string, id: d.member.id as string, phone };
}

export type Member = Awaited<ReturnType<typeof newMember>>;

export async function buy(t: TestApp, s: Shop, m: Member, kind: 1 | 2) {
  return h5ok(t, '/h5/MemberOrder/Buy', { kind, id: kind === 1 ? s.levelId : s.cardId }, s.shop, m.token);
}

export async function buyPaid(t: TestApp, s: Shop, m: Member, kind: 1 | 2) {
  const o = await buy(t, s, m, kind);
  await payBySandbox(t, o.qr_code);
  return o;
}

export const orderRow = async (t: TestApp, id: string) => (await t.db.select().from(memberOrders).where(eq(memberOrders.id, id)))[0];
export const memberRow = async (t: TestApp, id: string) => (await t.db.select().from(members).where(eq(members.id, id)))[0];

/** The order's auto-cancel job made due now (as if 30 minutes had gone by), then the due jobs run. */
export async function runExpiry(t: TestApp) {
  await t.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second' where name = 'member-orders.expire' and state = 'created'`,
  );
  return t.services.jobs.runDue(['member-orders.expire']);
}

export const DAY = 86_400_000;
