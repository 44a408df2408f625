import type { Db } from '@/db/client';
import { formOrderFiguresRepo } from './form-orders.repository';

/** The home dashboard's figures of form orders: orders to verify, fen paid since `since`. */
export const formOrderFigures = (db: Db, renterId: string, since: Date): Promise<{ ordersToVerify: number; paidSinceFen: number }> =>
  formOrderFiguresRepo.of(db, renterId, since);
