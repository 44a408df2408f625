import { z } from 'zod';
import { yuanOut } from '../core/money';
import { cardLook, memberRights } from './member.schemas';
import { levelPageLook } from './levels.schemas';

export const centreLevel = z.object({
  id: z.string(),
  name: z.string(),
  rank: z.number().int(),
  growth: z.number().int(),
  rights: memberRights,
  card: cardLook,
  description: z.string(),
});

export const centrePaidLevel = centreLevel.extend({ price: yuanOut(), validDays: z.number().int() });

/** GetCentre: my level, growth, the next level and the growth still needed, my paid level and its expiry. */
export const memberCentre = z.object({
  nickname: z.string(),
  /** The member's real name (资料), '' when not filled: the centre shows it before the nickname. */
  name: z.string(),
  avatar: z.string(),
  growth: z.number().int(),
  freeOn: z.boolean(),
  payOn: z.boolean(),
  level: centreLevel.nullable(),
  next: z.object({ name: z.string(), growth: z.number().int(), need: z.number().int() }).nullable(),
  paidLevel: centrePaidLevel.extend({ expireTime: z.string() }).nullable(),
  page: levelPageLook,
  /** The growth tasks on now, and what each gives. */
  tasks: z.array(z.object({ key: z.string(), label: z.string(), growth: z.number().int() })),
});

/** GetLevels: the renter's enabled levels with their rights, for the centre's level page. */
export const memberLevelsData = z.object({
  freeOn: z.boolean(),
  payOn: z.boolean(),
  free: z.array(centreLevel),
  paid: z.array(centrePaidLevel),
});
