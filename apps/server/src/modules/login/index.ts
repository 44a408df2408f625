export { loginHandlers } from './login.routes';
export { seedCatalogues } from './seed';
export { issueLogin } from './login.service';
export { hashPassword } from './password';
export { versionOf, isExpired } from './version';
export { membershipRepo, renterRepo, userRepo, catalogueRepo } from './login.repository';
