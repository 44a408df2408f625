import { z } from 'zod';
import { listQuery, OPS } from '../core/endpoint';
import { phone, requiredText } from '../core/fields';

/** Shapes of the team module: roles (岗位) with their grants, and the staff (员工) of an enterprise. */

export const ROLE_NAME_MAX = 20;
export const STAFF_NAME_MAX = 20;
export const TEAM_REMARK_MAX = 200;
/** How many operations and logins the staff detail (/ShowStaff) shows. */
export const STAFF_RECENT = 20;

const id = (label: string) => z.string({ error: `缺少${label}` }).uuid(`${label}不正确`);
const remark = z.string({ error: '备注不正确' }).trim().max(TEAM_REMARK_MAX, `备注不能超过${TEAM_REMARK_MAX}个字`).optional().default('');

export const teamIdBody = z.object({ id: id('id') });
export const teamIdsBody = z.object({
  ids: z.array(z.string().uuid('选中的数据不正确'), { error: '请选择数据' }).min(1, '请选择数据').max(200, '一次最多操作200条'),
});

// ---- Roles ----

/** GetRoleList: keyword on the name; the owner role (超级管理员) first, then oldest first. */
export const roleListBody = listQuery;

export const roleRow = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string(),
  /** The enterprise owner's role: every grant, neither edited nor deleted. */
  isOwner: z.boolean(),
  /** Members holding the role. */
  staffCount: z.number().int(),
  createTime: z.string(),
});

export const roleDetail = roleRow.extend({
  /** grantKey strings: `Goodlist` (查看), `Goodlist:edit`, `Goodlist:delete`, `Goodlist:export`. */
  grants: z.array(z.string()),
});

/**
 * SaveRole: creates (no id) or saves a role. Grants are menu entries of GetRoleMenu with their operations; any of
 * 编辑/删除/导出 brings 查看 with it.
 */
export const roleSaveBody = z.object({
  id: id('id').optional(),
  name: requiredText('岗位名称', ROLE_NAME_MAX),
  remark,
  grants: z.array(z.string().max(80, '权限不正确'), { error: '权限不正确' }).max(1000, '权限不正确').optional().default([]),
});

const opEnum = z.enum(OPS);

/** One grantable entry of the role editor: a menu entry and the operations it has. */
export const roleMenuEntry = z.object({
  key: z.string(),
  name: z.string(),
  path: z.string(),
  /** A page reached from another one (edit, detail): not shown in the sidebar, granted on its own. */
  hidden: z.boolean(),
  ops: z.array(opEnum),
});

/** GetRoleMenu: the grantable catalogue, first-level area › sub-group › entries. */
export const roleMenuArea = z.object({
  key: z.string(),
  name: z.string(),
  groups: z.array(z.object({ key: z.string(), name: z.string(), entries: z.array(roleMenuEntry) })),
});

// ---- Staff ----

/** 1 active, 0 disabled (停用). */
export const staffStatus = z.union([z.literal(0), z.literal(1)], { error: '状态不正确' });

/** GetStaffList: keyword on name or phone; role and status filters (-1 all); newest first. */
export const staffListBody = listQuery.extend({
  roleId: z
    .union([z.literal(''), z.string().uuid('岗位不正确')], { error: '岗位不正确' })
    .optional()
    .default(''),
  status: z.coerce
    .number({ error: '状态不正确' })
    .int('状态不正确')
    .refine((v) => v === -1 || v === 0 || v === 1, '状态不正确')
    .optional()
    .default(-1),
});
export const STAFF_SORT_FIELDS = ['createTime', 'name', 'lastLoginTime'] as const;

export const staffRow = z.object({
  id: z.string(),
  userId: z.string(),
  phone: z.string(),
  name: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  status: z.number().int(),
  remark: z.string(),
  /** The enterprise's owner: status, role and membership cannot change. */
  isOwner: z.boolean(),
  /** The caller's own row. */
  isSelf: z.boolean(),
  /** Last successful login into this enterprise; '' never. */
  lastLoginTime: z.string(),
  createTime: z.string(),
});

export const staffOperation = z.object({
  id: z.string(),
  module: z.string(),
  action: z.string(),
  recordId: z.string(),
  ip: z.string(),
  createTime: z.string(),
});

export const staffLogin = z.object({
  id: z.string(),
  /** pwd, sms, … as the login module writes it. */
  way: z.string(),
  ok: z.boolean(),
  reason: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createTime: z.string(),
});

/** GetStaff: the member, their latest operations and logins in this enterprise (STAFF_RECENT each). */
export const staffDetail = staffRow.extend({
  invitedBy: z.string(),
  operations: z.array(staffOperation),
  logins: z.array(staffLogin),
});

const staffFields = {
  name: requiredText('员工姓名', STAFF_NAME_MAX),
  roleId: z.string({ error: '请选择岗位' }).min(1, '请选择岗位').uuid('岗位不正确'),
  shopId: z.string({ error: '请选择门店' }).min(1, '请选择门店').uuid('门店不正确'),
  remark,
};

/** RenterSave: invites a phone into the enterprise (an existing user joins; a new phone gets an account). */
export const staffAddBody = z.object({ phone: phone(), ...staffFields });

/** UpdateStaff: name, role, shop and remark of a member (the owner keeps the owner role). */
export const staffUpdateBody = z.object({ id: id('id'), ...staffFields });

/** SetStaffStatus: 1 enable, 0 disable (停用: their sessions in the enterprise end at once). */
export const staffStatusBody = teamIdsBody.extend({ status: staffStatus });

/** GetStaffOptions: the roles and shops a member can be given. */
export const staffOptions = z.object({
  roles: z.array(z.object({ id: z.string(), name: z.string(), isOwner: z.boolean() })),
  shops: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const STAFF_DISABLED_MSG = '您的账号已被停用，请联系管理员';
export const STAFF_REMOVED_MSG = '您已被移出当前企业，请联系管理员';
