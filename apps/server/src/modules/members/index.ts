export { h5Handlers } from './members.routes';
export { customerResolver } from './members.resolver';
export { issueVisitor, visitorIdIn } from './visitor';
export { type MemberLabel, memberLabels } from './members.service';
export { memberPortraitHandlers } from './portrait/portrait.routes';
export { groupWhere, ruleWhere } from './rules/rule.sql';
