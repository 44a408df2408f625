import {
  DEFAULT_CARD,
  LEVEL_MISSING_MSG,
  LEVEL_TASKS,
  type LevelTaskKey,
  LIVE_TASKS,
  levelPageLook,
  REG_FIELDS,
  type RegFieldKey,
  type regField,
  type renovationSaveBody,
  type levelTask,
} from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { type Tenant, tenantOf } from '@/core/tenant';
import { levelRepo, type SettingsRow, settingsRepo } from './levels.repository';

type RegField = z.output<typeof regField>;
type LevelTask = z.output<typeof levelTask>;
type PageLook = z.output<typeof levelPageLook>;

/** Defaults of a renter that saved nothing: name and birthday asked (not required), 注册 gives 10, 完善资料 20. */
const FIELD_DEFAULTS: Record<RegFieldKey, { on: boolean; required: boolean }> = {
  name: { on: true, required: false },
  sex: { on: false, required: false },
  birthday: { on: true, required: false },
};
const TASK_DEFAULTS: Record<LevelTaskKey, { on: boolean; growth: number }> = {
  register: { on: true, growth: 10 },
  profile: { on: true, growth: 20 },
  signIn: { on: false, growth: 1 },
  spend: { on: false, growth: 1 },
};

export function fieldsOf(s: SettingsRow | undefined) {
  const saved = (s?.fields ?? {}) as Partial<Record<RegFieldKey, { on?: boolean; required?: boolean }>>;
  return (Object.keys(REG_FIELDS) as RegFieldKey[]).map((key) => {
    const on = saved[key]?.on ?? FIELD_DEFAULTS[key].on;
    return { key, label: REG_FIELDS[key], on, required: on && (saved[key]?.required ?? FIELD_DEFAULTS[key].required) };
  });
}

export function tasksOf(s: SettingsRow | undefined) {
  const saved = (s?.tasks ?? {}) as Partial<Record<LevelTaskKey, { on?: boolean; growth?: number }>>;
  return (Object.keys(LEVEL_TASKS) as LevelTaskKey[]).map((key) => ({
    key,
    label: LEVEL_TASKS[key],
    on: saved[key]?.on ?? TASK_DEFAULTS[key].on,
    growth: saved[key]?.growth ?? TASK_DEFAULTS[key].growth,
    live: LIVE_TASKS.includes(key),
  }));
}

export function pageOf(s: SettingsRow | undefined): PageLook {
  const r = levelPageLook.safeParse(s?.renovation ?? {});
  return r.success ? r.data : levelPageLook.parse({});
}

export const settingsOf = (tenant: Tenant) => settingsRepo.get(tenant);

export async function config(ctx: Ctx) {
  const s = await settingsRepo.get(tenantOf(ctx));
  return { freeOn: s?.freeOn ?? true, payOn: s?.payOn ?? false, auditOn: s?.auditOn ?? false };
}

/** Turns the free (free_on) or paid (pay_on) level system on or off: off hides it on the customer side. */
export async function setSwitch(ctx: Ctx, which: 'freeOn' | 'payOn', on: boolean) {
  await inTx(ctx, async (tx) => {
    const before = await settingsRepo.lock(tenantOf(tx));
    await settingsRepo.update(tenantOf(tx), { [which]: on });
    const name = which === 'freeOn' ? '免费等级' : '付费等级';
    await audit(tx, {
      module: 'member',
      action: `${on ? '开启' : '关闭'}${name}`,
      recordId: before.renterId,
      before: { [which]: before[which] },
      after: { [which]: on },
    });
  });
}

export async function fields(ctx: Ctx) {
  return fieldsOf(await settingsRepo.get(tenantOf(ctx)));
}

export const fieldCatalogue = () => (Object.keys(REG_FIELDS) as RegFieldKey[]).map((key) => ({ key, label: REG_FIELDS[key] }));

async function writeFields(ctx: Ctx, change: (now: ReturnType<typeof fieldsOf>) => ReturnType<typeof fieldsOf>) {
  await inTx(ctx, async (tx) => {
    const s = await settingsRepo.lock(tenantOf(tx));
    const before = fieldsOf(s);
    const after = change(before);
    const stored = Object.fromEntries(after.map((f) => [f.key, { on: f.on, required: f.on && f.required }]));
    await settingsRepo.update(tenantOf(tx), { fields: stored });
    await audit(tx, { module: 'member', action: '修改注册资料项', recordId: s.renterId, before, after: stored });
  });
}

/** savefield: every field sent is set; a field off is never required. */
export async function saveFields(ctx: Ctx, input: RegField[]) {
  if (new Set(input.map((f) => f.key)).size !== input.length) throw new BizError('资料项不能重复', CODE.validation);
  const byKey = new Map(input.map((f) => [f.key, f]));
  await writeFields(ctx, (now) => now.map((f) => ({ ...f, ...(byKey.get(f.key) ?? {}) })));
}

/** changefiled: one field on or off. */
export async function switchField(ctx: Ctx, key: RegFieldKey, on: boolean) {
  await writeFields(ctx, (now) => now.map((f) => (f.key === key ? { ...f, on, required: on && f.required } : f)));
}

export async function tasks(ctx: Ctx) {
  return tasksOf(await settingsRepo.get(tenantOf(ctx)));
}

export async function saveTasks(ctx: Ctx, input: LevelTask[]) {
  if (new Set(input.map((t) => t.key)).size !== input.length) throw new BizError('任务不能重复', CODE.validation);
  await inTx(ctx, async (tx) => {
    const s = await settingsRepo.lock(tenantOf(tx));
    const byKey = new Map(input.map((t) => [t.key, t]));
    const after = tasksOf(s).map((t) => ({ ...t, ...(byKey.get(t.key) ?? {}) }));
    const stored = Object.fromEntries(after.map((t) => [t.key, { on: t.on, growth: t.growth }]));
    await settingsRepo.update(tenantOf(tx), { tasks: stored });
    await audit(tx, { module: 'member', action: '修改成长任务', recordId: s.renterId, before: s.tasks, after: stored });
  });
}

export async function renovation(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const [s, levels] = await Promise.all([settingsRepo.get(tenant), levelRepo.ofKind(tenant)]);
  return {
    page: pageOf(s),
    levels: levels.map((l) => ({ id: l.id, name: l.name, needpay: l.needpay, rank: l.rank, card: l.card ?? DEFAULT_CARD })),
  };
}

/** savelvrenovation: the page look and the cards of the levels sent, in one transaction. */
export async function saveRenovation(ctx: Ctx, input: z.output<typeof renovationSaveBody>) {
  await inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    await levelRepo.lock(tenant);
    const ids = [...new Set(input.cards.map((c) => c.id))];
    if (ids.length !== input.cards.length) throw new BizError('同一等级不能出现两次', CODE.validation);
    const found = await levelRepo.byIds(tenant, ids);
    if (found.length !== ids.length) throw new BizError(LEVEL_MISSING_MSG, CODE.notFound);
    const s = await settingsRepo.lock(tenant);
    await settingsRepo.update(tenant, { renovation: input.page });
    for (const c of input.cards) await levelRepo.update(tenant, c.id, { card: c.card });
    await audit(tx, { module: 'member', action: '等级装修', recordId: s.renterId, before: s.renovation, after: input });
  });
}
