import type { Tenant } from '@/core/tenant';
import { userNames } from '@/modules/login';
import { staffNamesOfUsers } from '@/modules/team';

/**
 * Who made a change, by user id: the staff name in the enterprise, else the user's name; '' for neither (growth and
 * level records, a member's history). Two queries beside each other; nulls and repeats ignored.
 */
export async function operatorNames(tenant: Tenant, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const [staff, users] = await Promise.all([staffNamesOfUsers(tenant, wanted), userNames(tenant.db, wanted)]);
  return new Map(wanted.map((id) => [id, staff.get(id) || users.get(id)?.name || '']));
}
