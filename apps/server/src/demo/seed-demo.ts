import { allMenuKeys } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { seedTenant } from '@/core/tenant';
import type { Db } from '@/db/client';
import { loginLogs, notices, operLogs, renters } from '@/db/schema';
import { createUser, hashPassword, setLastRenter, userByPhone } from '@/modules/login';
import { openEnterprise } from '@/modules/team';
import { seedDemoForms } from './seed-forms';
import { seedDemoGoods, seedDemoGoodsCatalogue } from './seed-goods';
import { seedDemoMembers } from './seed-members';
import { seedDemoPointsGoods } from './seed-points-goods';
import { seedDemoDelivery } from './seed-delivery';

export const DEMO = { phone: '13800138000', password: 'demo1234', enterprise: '演示店铺', second: '演示分店' };

/** On first start: the demo enterprise 演示店铺 (and a second one to switch to), owned by 13800138000 / demo1234. */
export async function seedDemo(db: Db, trialDays: number): Promise<boolean> {
  if (await userByPhone(db, DEMO.phone)) return false;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const user = await createUser(tx, { phone: DEMO.phone, passwordHash: await hashPassword(DEMO.password), name: '演示店主' });
    const end = new Date(Date.now() + trialDays * 86_400_000);
    const keys = allMenuKeys();
    const main = await openEnterprise(tx, {
      name: DEMO.enterprise,
      industry: '1',
      area: ['44', '4403', '440305'],
      productId: 'social-pro',
      ownerUserId: user.id,
      ownerName: user.name,
      serviceEndAt: end,
      allKeys: keys,
    });
    await tx.update(renters).set({ servicePhone: '400-800-8000' }).where(eq(renters.id, main.renter.id));
    const second = await openEnterprise(tx, {
      name: DEMO.second,
      industry: '4',
      area: ['31', '3101', '310104'],
      productId: 'wsc-h5',
      ownerUserId: user.id,
      ownerName: user.name,
      serviceEndAt: end,
      allKeys: keys,
    });
    await setLastRenter(tx, user.id, main.renter.id);
    const day = 86_400_000;
    const now = Date.now();
    await tx.insert(loginLogs).values(
      [6, 5, 5, 3, 2, 1, 1, 0].map((d, i) => ({
        userId: user.id,
        renterId: main.renter.id,
        phone: DEMO.phone,
        way: 'pwd',
        ok: true,
        ip: '127.0.0.1',
        userAgent: 'demo',
        createdAt: new Date(now - d * day - i * 60_000),
      })),
    );
    await tx.insert(notices).values([
      {
        renterId: main.renter.id,
        title: '欢迎使用',
        content: `企业「${DEMO.enterprise}」已开通，免费试用 ${trialDays} 天。`,
        createdAt: new Date(now - 2 * day),
      },
      {
        renterId: main.renter.id,
        title: '上手指引',
        content: '可先在「个人设置」完善姓名与头像，再按帮助指引配置店铺。',
        createdAt: new Date(now - day),
      },
      { renterId: second.renter.id, title: '欢迎使用', content: `企业「${DEMO.second}」已开通。`, createdAt: new Date(now - day) },
    ]);
    await seedDemoForms(seedTenant(tx, main.renter.id), user.id);
    await seedDemoGoodsCatalogue(seedTenant(tx, main.renter.id));
    await seedDemoGoods(seedTenant(tx, main.renter.id), user.id);
    await seedDemoPointsGoods(seedTenant(tx, main.renter.id), user.id);
    await seedDemoMembers(seedTenant(tx, main.renter.id));
    await seedDemoDelivery(seedTenant(tx, main.renter.id), user.id);
    await tx.insert(operLogs).values([
      {
        renterId: main.renter.id,
        userId: user.id,
        module: 'login',
        action: '创建企业',
        recordId: main.renter.id,
        createdAt: new Date(now - 6 * day),
      },
      {
        renterId: second.renter.id,
        userId: user.id,
        module: 'login',
        action: '创建企业',
        recordId: second.renter.id,
        createdAt: new Date(now - 6 * day),
      },
    ]);
  });
  return true;
}
