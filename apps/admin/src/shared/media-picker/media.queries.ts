import type { contract, InputOf } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';
import { uploadToDir } from './upload-file';

/** Query keys of the media library (素材库): every write reads all of them again (directory counts change too). */
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

/** Reloads the tree (counts) and every page after a write; the files module's writes (material.queries.ts) use it. */
export function useInvalidateMedia() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: mediaKeys.all });
}

/**
 * Uploads one file into a directory with its progress. The library is read again after each file, without waiting
 * for it: the next file of a queue starts at once.
 */
export function useUploadToDir() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (v: { file: File; dirId: string; onProgress?: (percent: number) => void }) => uploadToDir(v.file, v.dirId, v.onProgress),
    onSuccess: () => {
      void invalidate();
    },
  });
}
