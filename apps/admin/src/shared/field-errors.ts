import { ApiError } from '@/api/client';

export interface FieldError {
  field: string;
  msg: string;
}

/** The per-field reasons a refusal carries (`data.errors`), to show under their form fields; none for anything else. */
export function fieldErrorsOf(e: unknown): FieldError[] {
  if (!(e instanceof ApiError)) return [];
  return (e.data as { errors?: FieldError[] } | null)?.errors ?? [];
}
