export { devLogistics, devTimeline } from './dev-logistics';
export { LOGISTICS_STATE_TEXT, type LogisticsProvider, type Tracking } from './logistics';
