import { CheckCircleFilled, PlayCircleOutlined } from '@ant-design/icons';
import type { MediaFile } from '@contract/index';
import { Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { formatSize } from './format';

export interface FileGridProps {
  files: MediaFile[];
  selectedIds: ReadonlySet<string>;
  onToggle: (file: MediaFile) => void;
  loading?: boolean;
  /** Links under a card (the 素材库 screen's copy link, QR code, rename). */
  actions?: (file: MediaFile) => ReactNode;
  emptyText?: string;
}

/** Files as cards with their thumbnails; a click selects or unselects. */
export function FileGrid({ files, selectedIds, onToggle, loading, actions, emptyText = '这里还没有文件' }: FileGridProps) {
  if (!loading && files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Spin spinning={Boolean(loading)}>
      <div className="media-grid">
        {files.map((f) => {
          const selected = selectedIds.has(f.id);
          return (
            <div key={f.id} className={`media-card${selected ? ' is-selected' : ''}`} data-testid="media-card" data-name={f.name}>
              <button
                type="button"
                className="media-thumb"
                onClick={() => onToggle(f)}
                aria-pressed={selected}
                aria-label={`选择 ${f.name}`}
              >
                {f.kind === 'video' ? (
                  <>
                    <video src={`${f.url}#t=0.1`} preload="metadata" muted />
                    <PlayCircleOutlined className="media-play" />
                  </>
                ) : (
                  <img src={f.thumbUrl || f.url} alt={f.name} loading="lazy" />
                )}
                {selected && <CheckCircleFilled className="media-check" />}
              </button>
              <div className="media-name" title={f.name}>
                {f.name}
              </div>
              <div className="media-meta">
                {f.width && f.height ? `${f.width}×${f.height} · ` : ''}
                {formatSize(f.size)}
              </div>
              {actions && <div className="media-actions">{actions(f)}</div>}
            </div>
          );
        })}
      </div>
    </Spin>
  );
}
