export { loginHandlers } from './login.routes';
export { seedCatalogues } from './seed';
export { issueLogin } from './login.service';
export { hashPassword } from './password';
export { versionOf, isExpired } from './version';
export { membershipRepo, renterRepo, userRepo, catalogueRepo } from './login.repository';
export { sendCode, verifyCode, SMS_TYPE_NEW_PHONE, SMS_TYPE_TRANS_OWNER, SMS_TYPE_TRANS_RECEIVER } from './sms-code.service';
export { areaChildren, areaPathNames } from './catalogue.service';
