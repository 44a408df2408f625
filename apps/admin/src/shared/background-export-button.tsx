import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_PROGRESS_EVENT, type ExportTask } from '@contract/index';
import { Button, Modal, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { onHubData } from '@/realtime/hub-client';
import { useMessage } from '@/shared/use-message';
import { saveBlob } from '@/shared/save-blob';

const POLL_MS = 3000;

/** A list's background export (server: the generic export tasks, members README "Export in the background"). */
export interface BackgroundExport {
  /** Starts the export of the current filters. */
  start: () => Promise<ExportTask>;
  /** Its progress (polled when the live connection may be down). */
  info: (id: string) => Promise<ExportTask>;
  /** The built file. */
  download: (id: string) => Promise<{ data: Blob; filename: string }>;
  /** The dialog's title (导出客户) and what a row is (个客户). */
  title: string;
  unit: string;
}

/**
 * 导出: starts a background export of the current filters, follows its progress (hub pushes, and a poll in case the
 * live connection is down) and offers the file when it is built. Used by 客户查询 and 商品订单.
 */
export function BackgroundExportButton({ exporter, total }: { exporter: BackgroundExport; total: number }) {
  const message = useMessage();
  const [task, setTask] = useState<ExportTask | null>(null);
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  // The dialog may be closed while the file is built: the button then shows the progress and opens it again.
  const [shown, setShown] = useState(false);
  const id = task?.id;
  const running = task?.status === 0;
  const taskRef = useRef(task);
  taskRef.current = task;
  const exporterRef = useRef(exporter);
  exporterRef.current = exporter;

  useEffect(() => {
    if (!id) return;
    return onHubData(EXPORT_PROGRESS_EVENT, (p) => {
      const t = p as ExportTask;
      if (t.id === taskRef.current?.id) setTask(t);
    });
  }, [id]);
  useEffect(() => {
    if (!id || !running) return;
    const timer = setInterval(() => {
      exporterRef.current
        .info(id)
        .then((t) => setTask((cur) => (cur && cur.id === t.id && (t.status !== 0 || t.done >= cur.done) ? t : cur)))
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [id, running]);

  const start = async () => {
    setStarting(true);
    try {
      setTask(await exporter.start());
      setShown(true);
    } catch {
      // shown by the api client
    } finally {
      setStarting(false);
    }
  };
  const download = async () => {
    if (!task) return;
    setDownloading(true);
    try {
      const r = await exporter.download(task.id);
      saveBlob(r.data, r.filename);
      message.success(`已导出 ${task.total} ${exporter.unit}`);
      setTask(null);
      setShown(false);
    } catch {
      // shown by the api client
    } finally {
      setDownloading(false);
    }
  };
  const percent = task ? (task.status === 1 ? 100 : Math.min(99, Math.round((task.done / Math.max(task.total, 1)) * 100))) : 0;

  return (
    <>
      {task && !shown ? (
        <Button icon={<DownloadOutlined />} onClick={() => setShown(true)}>
          {task.status === 0 ? `导出中 ${percent}%` : task.status === 1 ? '下载导出文件' : '导出失败'}
        </Button>
      ) : (
        <Button icon={<DownloadOutlined />} loading={starting} disabled={total === 0} onClick={start}>
          导出
        </Button>
      )}
      <Modal
        title={exporter.title}
        open={task !== null && shown}
        onCancel={() => {
          setShown(false);
          if (task?.status === 2) setTask(null);
        }}
        footer={
          task?.status === 1 ? (
            <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
              下载文件
            </Button>
          ) : (
            <Button
              onClick={() => {
                setShown(false);
                if (task?.status === 2) setTask(null);
              }}
            >
              {running ? '后台继续' : '关闭'}
            </Button>
          )
        }
      >
        {task && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Progress percent={percent} status={task.status === 2 ? 'exception' : task.status === 1 ? 'success' : 'active'} />
            {task.status === 0 && (
              <Typography.Text type="secondary">
                正在生成文件：{task.done} / {task.total}（关闭此窗口不影响导出）
              </Typography.Text>
            )}
            {task.status === 1 && (
              <Typography.Text>
                {task.fileName} 已生成，共 {task.done} {exporter.unit}
              </Typography.Text>
            )}
            {task.status === 2 && <Typography.Text type="danger">{task.error || '导出失败，请重试'}</Typography.Text>}
          </Space>
        )}
      </Modal>
    </>
  );
}
