import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Typography } from 'antd';
import type { QueuedUpload } from './use-upload-queue';

/** The files of an upload, each with its progress or its refusal. */
export function UploadProgress({ items, onClear }: { items: QueuedUpload[]; onClear: () => void }) {
  if (items.length === 0) return null;
  return (
    <div className="media-upload-progress" aria-label="上传进度">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>上传进度</Typography.Text>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label="清除上传记录" onClick={onClear} />
      </Flex>
      {items.map((x) => (
        <div key={x.uid} className="media-upload-item">
          <Typography.Text ellipsis style={{ maxWidth: 220 }} title={x.name}>
            {x.name}
          </Typography.Text>
          {x.status === 'error' ? (
            <Typography.Text type="danger">{x.error}</Typography.Text>
          ) : (
            <Progress
              percent={x.percent}
              size="small"
              status={x.status === 'done' ? 'success' : 'active'}
              style={{ width: 180, margin: 0 }}
            />
          )}
        </div>
      ))}
    </div>
  );
}
