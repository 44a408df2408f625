import type { OperLogRow } from '@/core/oper-log';
import type { Tenant } from '@/core/tenant';
import { formNamesByIds } from '@/modules/forms';
import { goodsTitles } from '@/modules/goods';
import { userNames } from '@/modules/login';
import { roleNamesByIds, staffNamesByIds, staffNamesOfUsers } from '@/modules/team';

/**
 * The names an operation-log row shows, asked of their owners by the ids of one page's rows (a few queries per page,
 * none per row): who did it (login: the name in this enterprise, the user's own once they left, the phone) and the
 * record it is about (goods, forms, login's staff and roles) with a link to its screen while it exists.
 */
export type OperlogListRow = Omit<OperLogRow, 'loggedName'> & {
  staffName: string | null;
  userName: string | null;
  phone: string | null;
  recordName: string;
  recordLink: string;
};

/** record_id as a uuid when it is one id (batches join ids with commas and name no single record). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const recordUuid = (recordId: string) => (UUID_RE.test(recordId) ? recordId.toLowerCase() : null);

/** The record ids of the rows written by a module with a screen for such records (goods, forms, team's staff and roles). */
function recordIdsOf(rows: OperLogRow[], module: string): string[] {
  return rows.flatMap((r) => {
    const id = r.module === module ? recordUuid(r.recordId) : null;
    return id ? [id] : [];
  });
}

/** The page's rows with their names (same order), in place of the record name the log wrote (loggedName). */
export async function withNames<R extends OperLogRow>(tenant: Tenant, rows: R[]): Promise<(Omit<R, 'loggedName'> & OperlogListRow)[]> {
  // Every row's writer, as the log names it (a member's row shows the member's label instead: operlog.service.ts).
  const userIds = rows.map((r) => r.userId);
  const teamIds = recordIdsOf(rows, 'team');
  const [staffByUser, users, goods, forms, staff, roles] = await Promise.all([
    staffNamesOfUsers(tenant, userIds),
    userNames(tenant.db, userIds),
    goodsTitles(tenant, recordIdsOf(rows, 'goods')),
    formNamesByIds(tenant, recordIdsOf(rows, 'forms')),
    staffNamesByIds(tenant, teamIds),
    roleNamesByIds(tenant, teamIds),
  ]);
  return rows.map(({ loggedName, ...r }) => {
    const id = recordUuid(r.recordId);
    const of = (m: string, names: Map<string, string>) => (id && r.module === m ? names.get(id) : undefined);
    const record: [name: string | undefined, link: string][] = [
      [of('goods', goods), '/editfrom?id='],
      [of('forms', forms), '/FormResEdit?id='],
      [of('team', staff), '/ShowStaff?id='],
      [of('team', roles), '/editjob?id='],
    ];
    const found = record.find(([name]) => name !== undefined);
    const u = users.get(r.userId);
    return {
      ...r,
      staffName: staffByUser.get(r.userId) ?? null,
      userName: u?.name ?? null,
      phone: u?.phone ?? null,
      // As the log wrote it (the name at the time, which survives renames and deletion), else the record's current name.
      recordName: loggedName ?? found?.[0] ?? '',
      recordLink: found ? `${found[1]}${id}` : '',
    };
  });
}
