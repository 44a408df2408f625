export { teamHandlers } from './team.routes';
export { membershipOf, membershipsOfUser, openEnterprise, resolveSession } from './membership.service';
export {
  activeStaffCount,
  addMember,
  enterpriseMembers,
  type MemberRow,
  memberOfUser,
  removeMember,
  roleById,
  roleCount,
  roleNamesByIds,
  roleOptions,
  type RoleRow,
  setMemberRole,
  type StaffListQuery,
  staffNamesByIds,
  staffNamesOfUsers,
  staffPage,
  type StaffRow,
} from './people.service';
