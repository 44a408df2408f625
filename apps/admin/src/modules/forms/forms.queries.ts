import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

/** Query keys of the form screens; a change reads all of ['forms'] again. */
export const formKeys = {
  all: ['forms'] as const,
  list: (q: object) => ['forms', 'list', q] as const,
  one: (id: string) => ['forms', 'one', id] as const,
  data: (q: object) => ['forms', 'data', q] as const,
  detail: (id: string) => ['forms', 'submission', id] as const,
};

export const useFormList = (q: InputOf<typeof contract.forms.GetFromList>) =>
  useQuery({ queryKey: formKeys.list(q), queryFn: () => api.forms.GetFromList(q, { quiet: true }), placeholderData: keepPreviousData });

export const useForm = (id: string | null) =>
  useQuery({ queryKey: formKeys.one(id ?? ''), queryFn: () => api.forms.GetFrom({ id: id ?? '' }), enabled: Boolean(id) });

export const useSubmissions = (q: InputOf<typeof contract.forms.GetFromDataList>) =>
  useQuery({ queryKey: formKeys.data(q), queryFn: () => api.forms.GetFromDataList(q, { quiet: true }), placeholderData: keepPreviousData });

export const useSubmissionDetail = (id: string | null) =>
  useQuery({
    queryKey: formKeys.detail(id ?? ''),
    queryFn: () => api.forms.GetFromDateDetailsList({ id: id ?? '' }),
    enabled: Boolean(id),
  });

export function useInvalidateForms() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: formKeys.all });
}

function useFormsChange<T, R>(call: (body: T) => Promise<R>) {
  const invalidate = useInvalidateForms();
  return useMutation({ mutationFn: call, onSuccess: () => invalidate() });
}

/** Saves a form (new when formID is absent); answers its id. */
export const useSaveForm = () => useFormsChange((b: InputOf<typeof contract.forms.SaveFrom>) => api.forms.SaveFrom(b));

export const useDeleteForms = () => useFormsChange((ids: string[]) => api.forms.DelFrom({ ids }));

/** 批量生效 / 批量失效. */
export const useSetFormsState = () => useFormsChange((b: InputOf<typeof contract.forms.UpStateFrom>) => api.forms.UpStateFrom(b));
