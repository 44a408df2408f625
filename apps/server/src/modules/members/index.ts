export { h5Handlers } from './members.routes';
export { customerResolver } from './members.resolver';
export { issueVisitor, visitorIdIn } from './visitor';
export { type MemberLabel, memberLabels } from './members.service';
export { clientQueryHandlers } from './customers/customers.routes';
export { exportJob } from './customers/export-task';
export { h5CardsHandlers, vipCardHandlers } from './cards/cards.routes';
export { h5CentreHandlers, levelsHandlers } from './levels/levels.routes';
export { recomputeJob } from './levels/recompute.job';
