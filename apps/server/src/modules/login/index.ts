export { loginHandlers } from './login.routes';
export { seedLoginCatalogues } from './seed';
export { checkPasswordTry, clearPasswordTries, giveBackLoginAttempt, issueLogin, takeLoginAttempt } from './login.service';
export { hashPassword, verifyPassword } from './password';
export { versionOf, isExpired } from './version';
export {
  addRenterYears,
  areasByCodes,
  lockRenter,
  productList,
  setRenterBuyout,
  createRenter,
  createUser,
  industryById,
  type Membership,
  membershipOf,
  productById,
  type ProductRow,
  renterById,
  type RenterRow,
  saveUserProfile,
  setLastRenter,
  userById,
  userByPhone,
  type UserRow,
} from './identity.service';
export {
  purgeAuthCounters,
  sendCode,
  verifyCode,
  SMS_TYPE_NEW_PHONE,
  SMS_TYPE_TRANS_OWNER,
  SMS_TYPE_TRANS_RECEIVER,
  SMS_TYPE_MEMBER_LOGIN,
  memberCodeScope,
  takeAddressAttempt,
} from './sms-code.service';
export { areaChildren, areaPathNames } from './catalogue.service';
export { resolveSession } from './session.service';
export { type ShopRow, shopRows } from './shop-rows.service';
export {
  activeStaffCount,
  enterpriseMembers,
  loginsByDay,
  roleCount,
  roleNamesByIds,
  staffNamesByIds,
  staffNamesOfUsers,
  userNames,
} from './people.service';
export { inviteeRows, type MemberRow, type RoleRow, roleRows, type StaffRow, staffRows, teamRows } from './team-rows';
export {
  accountUserRows,
  bindRows,
  type LoginLogQuery,
  loginLogRows,
  renterInfoRows,
  transRows,
  type UserBindRow,
} from './account-rows';
