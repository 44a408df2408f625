import type { Db } from '@/db/client';
import { formFiguresRepo } from './forms.repository';

/** The home dashboard's figures of forms: forms taking submissions now, submissions since `since` that count. */
export const formFigures = (db: Db, renterId: string, since: Date): Promise<{ activeForms: number; submissionsSince: number }> =>
  formFiguresRepo.of(db, renterId, since);
