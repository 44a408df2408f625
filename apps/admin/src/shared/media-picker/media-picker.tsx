import { CloseCircleFilled, PlusOutlined } from '@ant-design/icons';
import type { MediaKind } from '@contract/index';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { KIND_NAME, PickerDialog } from './picker-dialog';
import './media.css';

type Single = { multiple?: false; value?: string; onChange?: (url: string) => void };
type Multiple = { multiple: true; value?: string[]; onChange?: (urls: string[]) => void };

export type MediaPickerProps = (Single | Multiple) & {
  /** Most files (multiple only; default 9). */
  max?: number;
  /** What may be picked (default images). */
  kind?: MediaKind;
  disabled?: boolean;
};

/**
 * A form field holding file urls: choose from the 素材库 (the same browser as /material, read-only) or upload.
 * Works as an antd Form.Item child: value / onChange are one url, or a list of urls with `multiple`.
 */
export function MediaPicker(props: MediaPickerProps) {
  const { kind = 'image', disabled } = props;
  const max = props.multiple ? (props.max ?? 9) : 1;
  const urls = useMemo(() => (props.multiple ? (props.value ?? []) : props.value ? [props.value] : []), [props.multiple, props.value]);
  const [open, setOpen] = useState(false);

  const emit = (next: string[]) => {
    if (props.multiple) props.onChange?.(next);
    else props.onChange?.(next[0] ?? '');
  };

  return (
    <div className="media-picked">
      {urls.map((url) => (
        <div key={url} className="media-picked-item">
          {kind === 'video' ? <video src={url} muted /> : <img src={url} alt="" />}
          {!disabled && (
            <Button
              className="media-picked-remove"
              type="text"
              size="small"
              icon={<CloseCircleFilled />}
              aria-label="移除"
              onClick={() => emit(urls.filter((u) => u !== url))}
            />
          )}
        </div>
      ))}
      {urls.length < max && !disabled && (
        <button type="button" className="media-picked-add" onClick={() => setOpen(true)}>
          <PlusOutlined />
          <span>选择{KIND_NAME[kind]}</span>
        </button>
      )}
      {open && (
        <PickerDialog
          kind={kind}
          multiple={Boolean(props.multiple)}
          room={max - urls.length}
          onCancel={() => setOpen(false)}
          onOk={(files) => {
            setOpen(false);
            emit([...urls, ...files.map((f) => f.url).filter((u) => !urls.includes(u))].slice(0, max));
          }}
        />
      )}
    </div>
  );
}
