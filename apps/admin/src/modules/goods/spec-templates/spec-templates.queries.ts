import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Spec templates live under their own key; the goods form's import reads `all`. */
export const specTemplateKeys = {
  all: ['goods', 'spec-templates'] as const,
  list: (q: object) => ['goods', 'spec-templates', 'list', q] as const,
  options: ['goods', 'spec-templates', 'options'] as const,
};

export const useSpecTemplateList = (q: InputOf<typeof contract.goodsSpec.list>) =>
  useQuery({
    queryKey: specTemplateKeys.list(q),
    queryFn: () => api.goodsSpec.list(q, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Every template, for 从规格模板导入 (fetched when the chooser opens). */
export const useSpecTemplateOptions = (enabled: boolean) =>
  useQuery({ queryKey: specTemplateKeys.options, queryFn: () => api.goodsSpec.all({}, { quiet: true }), enabled, staleTime: 0 });

function useInvalidateSpecTemplates() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: specTemplateKeys.all });
}

/** Saves a template; the refusal's msg (and its field errors) are the caller's to show. */
export function useSaveSpecTemplate() {
  const invalidate = useInvalidateSpecTemplates();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.goodsSpec.save>) => api.goodsSpec.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteSpecTemplates() {
  const invalidate = useInvalidateSpecTemplates();
  return useMutation({ mutationFn: (ids: string[]) => api.goodsSpec.delete({ ids }), onSuccess: invalidate });
}
