export { h5Handlers } from './members.routes';
export { customerResolver } from './members.resolver';
export { issueVisitor, visitorIdIn } from './visitor';
export { type MemberLabel, memberLabels } from './members.service';
export { tagsHandlers } from './tags/tags.routes';
export { memberGroupsHandlers } from './groups/groups.routes';
export { sendAllTagRefreshes, tagRefreshCron, tagRefreshJob } from './tags/tags.job';
