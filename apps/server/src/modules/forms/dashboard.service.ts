import { formFiguresRepo } from './forms.repository';
import type { Tenant } from '@/core/tenant';

/** The home dashboard's figures of forms: forms taking submissions now, submissions since `since` that count. */
export const formFigures = (tenant: Tenant, since: Date): Promise<{ activeForms: number; submissionsSince: number }> => {
  return formFiguresRepo.of(tenant, since);
};
