import { contract, type DataOf, EXPIRED_MSG, type Envelope } from '@contract/index';
import { API_BASE, ApiError } from '@/api/client';
import { useSession } from '@/store/session';

export type UploadedMedia = DataOf<typeof contract.files.UpLoadToDir>;

/**
 * Sends one file to /UpFile/UpLoadToDir with XMLHttpRequest, which (unlike fetch) reports upload progress.
 * Resolves the stored file; rejects with the server's msg.
 */
export function uploadToDir(file: File, dirId: string, onProgress?: (percent: number) => void): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_BASE + contract.files.UpLoadToDir.path);
    const token = useSession.getState().info?.token;
    if (token) xhr.setRequestHeader('token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => reject(new ApiError(-1, '上传失败，请检查网络'));
    xhr.onload = () => {
      if (xhr.status === 401) return reject(new ApiError(401, EXPIRED_MSG));
      if (xhr.status !== 200) return reject(new ApiError(xhr.status, `请求失败（${xhr.status}）`));
      try {
        const env = JSON.parse(xhr.responseText) as Envelope<UploadedMedia>;
        if (env.code !== 0) return reject(new ApiError(env.code, env.msg, env.data));
        onProgress?.(100);
        resolve(env.data);
      } catch {
        reject(new ApiError(-1, '上传失败'));
      }
    };
    const form = new FormData();
    form.append('dirId', dirId);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
