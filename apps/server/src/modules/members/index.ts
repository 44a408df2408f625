export { h5Handlers } from './members.routes';
export { customerResolver } from './members.resolver';
export { issueVisitor, visitorIdIn } from './visitor';
export { type MemberLabel, memberLabels } from './members.service';
export { memberImportHandlers } from './import/member-import.routes';
export { memberImportJob, IMPORT_CHUNK as MEMBER_IMPORT_CHUNK } from './import/member-import.runner';
