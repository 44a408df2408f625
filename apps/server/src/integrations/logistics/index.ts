import { devLogistics } from './dev-logistics';
import type { LogisticsProvider } from './logistics';

export { devLogistics, devTimeline } from './dev-logistics';
export { LOGISTICS_STATE_TEXT, type LogisticsProvider, type Tracking } from './logistics';

let provider: LogisticsProvider = devLogistics;

/** The tracking service in use: the dev one until a real one is configured (README). */
export const logistics = (): LogisticsProvider => provider;
export function setLogisticsProvider(p: LogisticsProvider): void {
  provider = p;
}
