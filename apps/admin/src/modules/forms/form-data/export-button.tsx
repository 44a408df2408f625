import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress } from 'antd';
import { useState } from 'react';
import { API_BASE } from '@/api/client';
import { useSession } from '@/store/session';
import { saveBlob } from '@/shared/save-blob';

interface Props {
  path: string;
  body: object;
  /** Rows expected, to show progress while the file streams in. */
  expected: number;
  label?: string;
}

/** Downloads a streamed export, showing progress as the bytes arrive (estimated from the row count). */
export function ExportButton({ path, body, expected, label = '导出' }: Props) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const run = async () => {
    setPercent(0);
    try {
      const token = useSession.getState().info?.token ?? '';
      const res = await fetch(API_BASE + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
      if (res.status === 401) throw new Error('登录信息已过期请重新登录。');
      if ((res.headers.get('content-type') ?? '').includes('application/json')) throw new Error((await res.json()).msg);
      const total = Number(res.headers.get('x-total-count') ?? expected);
      const cd = res.headers.get('content-disposition') ?? '';
      const m = /filename\*=UTF-8''([^;]+)/i.exec(cd);
      const filename = m ? decodeURIComponent(m[1]) : 'export.xlsx';
      // About 120 bytes a row compressed; the bar never claims done before the stream ends.
      const estimate = Math.max(total * 120, 1);
      const reader = res.body?.getReader();
      const chunks: Uint8Array[] = [];
      let got = 0;
      while (reader) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        got += value.length;
        setPercent(Math.min(95, Math.round((got / estimate) * 100)));
      }
      setPercent(100);
      saveBlob(new Blob(chunks as BlobPart[]), filename);
      message.success(`已导出 ${total} 条`);
    } catch (e) {
      message.error((e as Error).message || '导出失败');
    } finally {
      setTimeout(() => setPercent(null), 400);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={run} loading={percent !== null} disabled={expected === 0}>
        {label}
      </Button>
      <Modal open={percent !== null} title="正在导出" footer={null} closable={false} width={400}>
        <Progress percent={percent ?? 0} status={percent === 100 ? 'success' : 'active'} />
        <div style={{ color: '#86909c', marginTop: 8 }}>共 {expected} 条数据，请稍候…</div>
      </Modal>
    </>
  );
}
