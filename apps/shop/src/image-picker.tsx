import { type ChangeEvent, useRef, useState } from 'react';
import { errMsg } from './api';

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

interface Pending {
  key: number;
  preview: string;
}

export interface ImagePickerProps {
  /** The field's name, in its messages and the images' alt texts. */
  label: string;
  maxCount: number;
  urls: string[];
  onChange: (urls: string[]) => void;
  /** Sends one file; answers where it is served. */
  upload: (file: File) => Promise<{ url: string }>;
  disabled?: boolean;
  /** Told while an upload is under way (submitting then waits). */
  onBusy?: (busy: boolean) => void;
  inputId: string;
}

/**
 * Images uploaded one file per call, up to maxCount: thumbnails with a delete button, the local preview while one is
 * sent, a message when a file is refused. Serves a form's image field (public upload) and the after-sale request's
 * 凭证图片 (the member's upload).
 */
export function ImagePicker({ label, maxCount, urls, onChange, upload, disabled = false, onBusy, inputId }: ImagePickerProps) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploadError, setUploadError] = useState('');
  const latest = useRef(urls);
  latest.current = urls;
  const seq = useRef(0);
  const room = maxCount - urls.length - pending.length;

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    setUploadError('');
    const take = files.slice(0, Math.max(room, 0));
    if (files.length > take.length) setUploadError(`${label}最多上传${maxCount}张`);
    const items = take.map((file) => ({ key: ++seq.current, preview: URL.createObjectURL(file), file }));
    setPending((p) => [...p, ...items.map(({ key, preview }) => ({ key, preview }))]);
    onBusy?.(true);
    for (const it of items) {
      try {
        const up = await upload(it.file);
        latest.current = [...latest.current, up.url];
        onChange(latest.current);
      } catch (err) {
        setUploadError(errMsg(err));
      } finally {
        URL.revokeObjectURL(it.preview);
        setPending((p) => p.filter((x) => x.key !== it.key));
      }
    }
    onBusy?.(false);
  };

  return (
    <div>
      <div className="images">
        {urls.map((u, i) => (
          <div className="thumb" key={u}>
            <img src={u} alt={`${label}${i + 1}`} />
            {!disabled && (
              <button type="button" className="thumb-del" aria-label="删除图片" onClick={() => onChange(urls.filter((x) => x !== u))}>
                ×
              </button>
            )}
          </div>
        ))}
        {pending.map((p) => (
          <div className="thumb uploading" key={p.key}>
            <img src={p.preview} alt="" />
            <span className="thumb-mask">上传中…</span>
          </div>
        ))}
        {room > 0 && !disabled && (
          <label className="thumb add" htmlFor={inputId}>
            <span className="plus">+</span>
            <span>上传图片</span>
            <input id={inputId} type="file" accept={ACCEPT} multiple={room > 1} onChange={pick} hidden />
          </label>
        )}
      </div>
      {uploadError && <div className="field-error">{uploadError}</div>}
    </div>
  );
}
