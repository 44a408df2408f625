import type { Db } from '@/db/client';
import { type FormRow, formRepo, type SubmissionRow, submissionRepo } from './forms.repository';
import type { Tenant } from '@/core/tenant';

/**
 * What the form-order flows of orders (submit, cancel, expire a form order) ask of forms and their submissions. The module's public
 * face (index.ts) exports these functions, never the repositories (test/borders.test.ts, rule b).
 */

/** A form of the renter. */
export const formById = (tenant: Tenant, id: string): Promise<FormRow | undefined> => {
  return formRepo.byId(tenant, id);
};

/** A form by id alone: the public fill page names no renter (the form tells it). */
export const publicFormById = (db: Db, id: string): Promise<FormRow | undefined> => formRepo.byIdPublic(db, id);

/** Takes one place of the form's total limit atomically; false when it is full. */
export const takeFormPlace = (tenant: Tenant, id: string): Promise<boolean> => {
  return formRepo.takePlace(tenant, id);
};

/** Gives a place back (a cancelled or expired submission). */
export const releaseFormPlace = (tenant: Tenant, id: string): Promise<void> => {
  return formRepo.releasePlace(tenant, id);
};

/** Serialises one visitor's submissions to one form until the transaction ends (the per-person limit). */
export const lockVisitorSubmissions = (db: Db, formId: string, visitor: string): Promise<void> =>
  submissionRepo.lockVisitor(db, formId, visitor);

/** How many submissions one visitor made to the form. */
export const visitorSubmissionCount = (db: Db, formId: string, visitor: string): Promise<number> =>
  submissionRepo.countOfVisitor(db, formId, visitor);

/** Stores a submission. */
export const insertSubmission = (db: Db, v: Parameters<typeof submissionRepo.insert>[1]): Promise<SubmissionRow> =>
  submissionRepo.insert(db, v);

/** Sets a submission's status (1 counts, -1 cancelled; see forms.tables). */
export const setSubmissionStatus = (tenant: Tenant, id: string, status: number): Promise<void> => {
  return submissionRepo.setStatus(tenant, id, status);
};

export type { FormRow, SubmissionRow };
