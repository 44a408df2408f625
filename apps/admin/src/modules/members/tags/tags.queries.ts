import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

/** Query keys of the tag screens. A tag's members show across the module (customers, groups' rules, the rule
 *  editor's options), so a change to tags reads all of ['members'] again. */
export const tagKeys = {
  members: ['members'] as const,
  all: ['members', 'tags'] as const,
  list: (q: object) => ['members', 'tags', 'list', q] as const,
  detail: (id: string | null) => ['members', 'tags', 'detail', id] as const,
};

const POLL_MS = 1500;
const POLL_TIMES = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const useTagList = (q: InputOf<typeof contract.tags.list>) =>
  useQuery({ queryKey: tagKeys.list(q), queryFn: () => api.tags.list(q, { quiet: true }), placeholderData: keepPreviousData });

/** A tag to edit; a refusal (标签不存在) is shown by the page, not as a toast. */
export const useTag = (id: string | null) =>
  useQuery({
    queryKey: tagKeys.detail(id),
    queryFn: () => api.tags.detail({ id: id as string }, { quiet: true, silent: true }),
    enabled: !!id,
  });

function useInvalidateMembers() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: tagKeys.members });
}

/** Saves a tag; the refusal's msg (and its field errors) are the caller's to show. */
export function useSaveTag() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.tags.save>) => api.tags.save(body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteTags() {
  const invalidate = useInvalidateMembers();
  return useMutation({ mutationFn: (ids: string[]) => api.tags.delete({ ids }), onSuccess: invalidate });
}

/**
 * Sends an automatic tag's recompute, then waits until its refresh time moves (the job ran): answers the tag as
 * recomputed, or null when it is still running after a minute.
 */
export function useRefreshTag() {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: async (id: string) => {
      const { refreshedAt } = await api.tags.refresh({ id });
      for (let i = 0; i < POLL_TIMES; i++) {
        await sleep(POLL_MS);
        const d = await api.tags.detail({ id }, { quiet: true, silent: true });
        if (d.refreshedAt !== refreshedAt) return d;
      }
      return null;
    },
    onSettled: invalidate,
  });
}

/** The members a rule hits now (count and the latest 20). */
export const useTagPreview = () =>
  useMutation({ mutationFn: (body: InputOf<typeof contract.tags.getScoreUIDS>) => api.tags.getScoreUIDS(body, { quiet: true }) });
