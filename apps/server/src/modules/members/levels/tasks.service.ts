import { and, eq } from 'drizzle-orm';
import { LEVEL_TASKS, type LevelTaskKey, REG_FIELDS, type RegFieldKey } from '@shop/contract';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { tenantOf } from '@/core/tenant';
import { members } from '@/modules/members/members.tables';
import { changeGrowth, GROWTH_KIND } from './growth.service';
import { settingsRepo } from './levels.repository';
import { fieldsOf, tasksOf } from './settings.service';

/**
 * A one-off growth task (注册, 完善资料) for a member: the growth the renter set, once per member and task (the key
 * `task:<member>:<task>` of the growth record, looked for under the member's row lock, so two calls at once give it
 * once). Nothing when the task is off or gives 0.
 */
export async function applyOnceTask(ctx: Ctx, memberId: string, key: Extract<LevelTaskKey, 'register' | 'profile'>): Promise<boolean> {
  const task = tasksOf(await settingsRepo.get(tenantOf(ctx))).find((t) => t.key === key);
  if (!task?.on || task.growth <= 0) return false;
  const reason = LEVEL_TASKS[key];
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const [m] = await tenant.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.renterId, tenant.renterId), eq(members.id, memberId), eq(members.kind, 1)))
      .for('update');
    if (!m) return false;
    const r = await changeGrowth(tx, { memberId, change: task.growth, kind: GROWTH_KIND.task, reason, key: `task:${memberId}:${key}` });
    return !r.repeated;
  });
}

type ProfileFields = { name: string; sex: number; birthday: string | null };

const filled: Record<RegFieldKey, (p: ProfileFields) => boolean> = {
  name: (p) => p.name.trim() !== '',
  sex: (p) => p.sex !== 0,
  birthday: (p) => !!p.birthday,
};

/**
 * Checks a profile change against the registration fields (a required field cannot be emptied: '请填写姓名'), and
 * answers whether the profile is now complete (every field on is filled; false when none is on).
 */
export async function checkProfile(ctx: Ctx, after: ProfileFields, sent: Partial<Record<RegFieldKey, unknown>>): Promise<boolean> {
  const fields = fieldsOf(await settingsRepo.get(tenantOf(ctx)));
  for (const f of fields) {
    if (f.on && f.required && f.key in sent && !filled[f.key](after)) throw new BizError(`请填写${REG_FIELDS[f.key]}`, CODE.validation);
  }
  const on = fields.filter((f) => f.on);
  return on.length > 0 && on.every((f) => filled[f.key](after));
}
