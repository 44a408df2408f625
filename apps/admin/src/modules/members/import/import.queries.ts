import { contract, type InputOf, MEMBER_IMPORT_STATUS, type MemberImportField } from '@contract/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, upload } from '@/api/client';
import type { ImportView } from './member-import.shared';

/** Query keys of the member imports: everything under ['members', 'import']. */
export const importKeys = {
  all: ['members', 'import'] as const,
  lists: ['members', 'import', 'list'] as const,
  list: (q: object) => ['members', 'import', 'list', q] as const,
  detailOf: (id: string) => ['members', 'import', 'detail', id] as const,
  detail: (id: string, q: object) => ['members', 'import', 'detail', id, q] as const,
  toContinue: (id: string) => ['members', 'import', 'continue', id] as const,
  rows: (id: string, q: object) => ['members', 'import', 'rows', id, q] as const,
};
/** While an import runs its pages also read it this often, in case the live connection is down. */
const POLL_MS = 3_000;

export const useImportList = (q: InputOf<typeof contract.memberImport.GetImportPage>) =>
  useQuery({
    queryKey: importKeys.list(q),
    queryFn: () => api.memberImport.GetImportPage(q, { quiet: true }),
    placeholderData: keepPreviousData,
    // An import under way moves on: the list follows it.
    refetchInterval: (query) => (query.state.data?.rows.some((r) => r.status === MEMBER_IMPORT_STATUS.importing) ? POLL_MS : false),
  });

type DetailQuery = Omit<InputOf<typeof contract.memberImport.GetImportDetail>, 'id'>;

/** An import with a page of its rows' results; read again while it runs. */
export const useImportDetail = (id: string, q: DetailQuery) =>
  useQuery({
    queryKey: importKeys.detail(id, q),
    queryFn: () => api.memberImport.GetImportDetail({ id, ...q }, { quiet: true }),
    placeholderData: keepPreviousData,
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.import.status === MEMBER_IMPORT_STATUS.importing ? POLL_MS : false),
  });

/** Reads the import whose mapping and preview 新建导入 continues (`?id=`), as the page opens. */
export function useReadImportToContinue() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) =>
      qc.fetchQuery({
        queryKey: importKeys.toContinue(id),
        queryFn: () => api.memberImport.GetImportDetail({ id, filter: 'all', fromRow: 0, page_index: 1, page_size: 1 }, { quiet: true }),
        staleTime: 0,
      }),
    [qc],
  );
}

/** The preview rows of a checked import; the view's counts change with each check, and the rows are read again. */
export const useImportRows = (view: ImportView, filter: string, page: { page_index: number; page_size: number }) =>
  useQuery({
    queryKey: importKeys.rows(view.id, { counts: view.counts, filter, page }),
    queryFn: () => api.memberImport.GetCheckUserPhone({ id: view.id, filter: filter as 'all', fromRow: 0, ...page }, { quiet: true }),
    placeholderData: keepPreviousData,
  });

/** Reads an import again (its end, pushed by the hub). */
export function useRefreshImport() {
  const qc = useQueryClient();
  return useCallback((id: string) => qc.invalidateQueries({ queryKey: importKeys.detailOf(id) }), [qc]);
}

function useInvalidateLists() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: importKeys.lists });
}

/** Uploads and checks a file: a new import (待确认) that the list kept from before must show. */
export function useUploadImport() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (file: File) => upload(contract.memberImport.UpLoadImport, file, {}, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Checks the rows again with another column mapping; the refusal is the caller's to show. */
export const useCheckMapping = () =>
  useMutation({
    mutationFn: (body: { id: string; mapping: Partial<Record<MemberImportField, number>> }) =>
      api.memberImport.CheckUserPhone(body, { silent: true }),
  });

export function useStartImport() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: (body: InputOf<typeof contract.memberImport.ImportData>) => api.memberImport.ImportData(body),
    onSuccess: invalidate,
  });
}

export function useDeleteImport() {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: (id: string) => api.memberImport.DelImport({ ids: [id] }), onSuccess: invalidate });
}
