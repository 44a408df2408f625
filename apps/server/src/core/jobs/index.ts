export { DEAD_LETTER, defineJob, type FailedJob, type JobDef, JobQueue, type SendOptions, sendJob } from './queue';
export {
  type DeliveredEvent,
  type DomainEvents,
  emit,
  type EventType,
  OUTBOX_KEEP_DAYS,
  outboxDispatchJob,
  purgeOutbox,
} from './events';
export { EventSubscribers, type Subscriber } from './subscribers';
