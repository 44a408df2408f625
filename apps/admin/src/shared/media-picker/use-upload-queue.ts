import { useCallback, useState } from 'react';
import { useMessage } from '../use-message';
import { useUploadToDir } from './media.queries';
import type { UploadedMedia } from './upload-file';

export interface QueuedUpload {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
}

export interface UploadLimits {
  imageMaxMb: number;
  videoMaxMb: number;
}

const IMAGE_RE = /^image\/(jpeg|png|gif|webp)$/;

/** Checks what the browser already knows (type and size) before sending; the server checks the content again. */
export function precheck(file: File, limits: UploadLimits | undefined, kind: '' | 'image' | 'video'): string | null {
  const isImage = IMAGE_RE.test(file.type);
  const isVideo = file.type === 'video/mp4';
  if (kind === 'image' && !isImage) return '只能上传 JPG、PNG、GIF、WebP 格式的图片';
  if (kind === 'video' && !isVideo) return '只能上传 MP4 格式的视频';
  if (!isImage && !isVideo) return '只能上传 JPG、PNG、GIF、WebP 格式的图片或 MP4 格式的视频';
  const mb = isVideo ? limits?.videoMaxMb : limits?.imageMaxMb;
  if (mb && file.size > mb * 1024 * 1024) return `文件大小不能超过${mb}MB`;
  return null;
}

/**
 * Several files uploaded into one directory, two at a time, each with its progress; a refused file shows its reason
 * and does not stop the others. The library is read again after each file.
 */
export function useUploadQueue(opts: {
  dirId: string;
  limits?: UploadLimits;
  kind?: '' | 'image' | 'video';
  onUploaded?: (f: UploadedMedia) => void;
}) {
  const message = useMessage();
  const { mutateAsync: upload } = useUploadToDir();
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const patch = useCallback(
    (uid: string, p: Partial<QueuedUpload>) => setItems((xs) => xs.map((x) => (x.uid === uid ? { ...x, ...p } : x))),
    [],
  );

  const add = useCallback(
    async (files: File[]) => {
      const queue = files.map((file) => ({ file, uid: `${Date.now()}-${Math.random().toString(36).slice(2)}` }));
      const entries = queue.map(({ file, uid }): QueuedUpload => ({ uid, name: file.name, percent: 0, status: 'uploading' }));
      setItems((xs) => [...xs.filter((x) => x.status === 'uploading'), ...entries]);
      let done = 0;
      const work = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { file, uid } = next;
          const refused = precheck(file, opts.limits, opts.kind ?? '');
          if (refused) {
            patch(uid, { status: 'error', error: refused });
            continue;
          }
          try {
            const f = await upload({ file, dirId: opts.dirId, onProgress: (percent) => patch(uid, { percent }) });
            patch(uid, { status: 'done', percent: 100 });
            done += 1;
            opts.onUploaded?.(f);
          } catch (e) {
            patch(uid, { status: 'error', error: (e as Error).message });
          }
        }
      };
      await Promise.all([work(), work()]);
      if (done > 0) message.success(`上传成功 ${done} 个文件`);
    },
    [opts, patch, message, upload],
  );

  const clear = useCallback(() => setItems((xs) => xs.filter((x) => x.status === 'uploading')), []);
  return { items, add, clear, busy: items.some((x) => x.status === 'uploading') };
}
