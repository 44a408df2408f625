export { loginHandlers } from './login.routes';
export type { Enterprises, Membership, NewEnterprise } from './enterprises';
export { seedLoginCatalogues } from './seed';
export { checkPasswordTry, clearPasswordTries, giveBackLoginAttempt, takeLoginAttempt } from './login.service';
export { hashPassword, verifyPassword } from './password';
export { versionOf, isExpired } from './version';
export {
  addRenterYears,
  areasByCodes,
  createUser,
  endSessionsIn,
  industryById,
  insertRenter,
  liveSession,
  lockRenter,
  lockRenterOfTenant,
  type LoginLogQuery,
  loginLogPage,
  loginsByDay,
  productById,
  productList,
  type ProductRow,
  recentLoginsIn,
  renterById,
  renterOfTenant,
  type RenterRow,
  rentersWithProducts,
  saveUserProfile,
  setLastRenter,
  setRenterBuyout,
  setUserPhone,
  updateRenterOfTenant,
  userById,
  userByPhone,
  userForInvite,
  userNames,
  type UserRow,
} from './identity.service';
export { lastLoginSql, userPhoneSql } from './identity-sql';
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
