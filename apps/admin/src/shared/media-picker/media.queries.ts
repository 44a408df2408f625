import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contract, InputOf } from '@contract/index';
import { api } from '@/api/client';

export const mediaKeys = {
  all: ['material'] as const,
  config: ['material', 'config'] as const,
  tree: ['material', 'tree'] as const,
  page: (q: object) => ['material', 'page', q] as const,
};

export type FilePageQuery = InputOf<typeof contract.files.GetFilePage>;

/** silent: the picker shows a missing grant itself instead of the error toast. */
export const useOssConfig = (silent = false) =>
  useQuery({
    queryKey: mediaKeys.config,
    queryFn: () => api.files.GetOssConfig({}, { quiet: true, silent }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useDirTree = (silent = false) =>
  useQuery({ queryKey: mediaKeys.tree, queryFn: () => api.files.GetTree({}, { quiet: true, silent }), retry: false });

export const useFilePage = (q: FilePageQuery, silent = false) =>
  useQuery({
    queryKey: mediaKeys.page(q),
    queryFn: () => api.files.GetFilePage(q, { quiet: true, silent }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Reloads the tree (counts) and every page after a write. */
export function useInvalidateMedia() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: mediaKeys.all });
}
