import { useMutation } from '@tanstack/react-query';
import { api } from '@/api/client';
import { useInvalidateMedia } from '@/shared/media-picker';

/*
 * The writes of 素材库. Its queries and keys are shared with the media picker (shared/media-picker/media.queries.ts);
 * every write here reads the whole library again through that file's useInvalidateMedia.
 */

export function useAddDir() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (body: { parentId: string; name: string }) => api.files.AddDir(body), onSuccess: invalidate });
}

export function useRenameDir() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (body: { id: string; name: string }) => api.files.RenameDir(body), onSuccess: invalidate });
}

/** Deletes an empty directory; the tree is read again either way. */
export function useDeleteDir() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (id: string) => api.files.DelDir({ id }), onSettled: invalidate });
}

export function useRenameFile() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (body: { id: string; name: string }) => api.files.RenameFile(body), onSuccess: invalidate });
}

export function useMoveFiles() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (body: { ids: string[]; dirId: string }) => api.files.MoveFiles(body), onSuccess: invalidate });
}

export function useDeleteFiles() {
  const invalidate = useInvalidateMedia();
  return useMutation({ mutationFn: (ids: string[]) => api.files.DelFiles({ ids }), onSuccess: invalidate });
}

/** 提取网络图片: the server fetches each address into the directory and answers a result per address. */
export function useDownToDir() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (body: { urls: string[]; dirId: string }) => api.files.DownToDir(body, { quiet: true }),
    onSuccess: invalidate,
  });
}
