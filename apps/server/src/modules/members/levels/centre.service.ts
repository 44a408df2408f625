import { fenToYuan } from '@shop/contract';
import { DEFAULT_CARD } from '@shop/contract';
import { type Ctx, memberOf } from '@/core/context';
import { tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { foundMember } from '@/modules/members/members.repository';
import { type LevelRow, levelRepo, settingsRepo } from './levels.repository';
import { pageOf, tasksOf } from './settings.service';

const centreLevel = (l: LevelRow) => ({
  id: l.id,
  name: l.name,
  rank: l.rank,
  growth: l.growth,
  rights: l.rights,
  card: l.card ?? DEFAULT_CARD,
  description: l.description,
});
const centrePaid = (l: LevelRow) => ({ ...centreLevel(l), price: fenToYuan(l.priceFen), validDays: l.validDays });

/**
 * The member centre: growth, the free level it reaches (hidden when the renter turned free levels off), the next
 * enabled free level and the growth still needed, the paid level held and until when (none once run out or when paid
 * levels are off), the page look and the growth tasks on.
 */
export async function centre(ctx: Ctx) {
  const { memberId } = memberOf(ctx);
  const tenant = tenantOf(ctx);
  const [m, s, levels] = await Promise.all([
    foundMember(tenant, memberId),
    settingsRepo.get(tenant),
    levelRepo.ofKind(tenant, undefined, true),
  ]);
  const freeOn = s?.freeOn ?? true;
  const payOn = s?.payOn ?? false;
  const free = levels.filter((l) => l.needpay === 0);
  const level = freeOn ? free.find((l) => l.id === m.levelId) : undefined;
  const nextLevel = freeOn ? free.filter((l) => l.growth > m.growth).sort((a, b) => a.growth - b.growth)[0] : undefined;
  const expiry = m.paidLevelExpiresAt;
  const paid =
    payOn && m.paidLevelId && (!expiry || expiry > new Date()) ? levels.find((l) => l.id === m.paidLevelId && l.needpay === 1) : undefined;
  return {
    nickname: m.nickname,
    name: m.name,
    avatar: m.avatar,
    growth: m.growth,
    freeOn,
    payOn,
    level: level ? centreLevel(level) : null,
    next: nextLevel ? { name: nextLevel.name, growth: nextLevel.growth, need: nextLevel.growth - m.growth } : null,
    paidLevel: paid ? { ...centrePaid(paid), expireTime: expiry ? fmtTime(expiry) : '永久有效' } : null,
    page: pageOf(s),
    tasks: tasksOf(s)
      .filter((t) => t.on && t.live && t.growth > 0)
      .map((t) => ({ key: t.key, label: t.label, growth: t.growth })),
  };
}

/** The renter's enabled levels with their rights (each kind empty when its system is off). */
export async function shopLevels(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const [s, levels] = await Promise.all([settingsRepo.get(tenant), levelRepo.ofKind(tenant, undefined, true)]);
  const freeOn = s?.freeOn ?? true;
  const payOn = s?.payOn ?? false;
  return {
    freeOn,
    payOn,
    free: freeOn ? levels.filter((l) => l.needpay === 0).map(centreLevel) : [],
    paid: payOn ? levels.filter((l) => l.needpay === 1).map(centrePaid) : [],
  };
}
