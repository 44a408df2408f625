import type { contract, DataOf } from '@contract/index';
import { Alert, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDownToDir } from './material.queries';

type Result = DataOf<typeof contract.files.DownToDir>[number];

interface Props {
  dirId: string;
  dirName: string;
  max: number;
  onClose: () => void;
}

/** 提取网络图片: one image URL a line, fetched by the server into the current directory; a result per URL. */
export function DownToDirDialog({ dirId, dirName, max, onClose }: Props) {
  const [text, setText] = useState('');
  const downToDir = useDownToDir();
  const [results, setResults] = useState<Result[] | null>(null);
  const urls = text
    .split(/\s+/)
    .map((u) => u.trim())
    .filter(Boolean);

  const submit = async () => {
    if (results) return onClose();
    try {
      setResults(await downToDir.mutateAsync({ urls, dirId }));
    } catch {
      // shown by the client
    }
  };

  return (
    <Modal
      open
      title="提取网络图片"
      width={650}
      okText={results ? '完成' : '开始提取'}
      cancelText="取消"
      confirmLoading={downToDir.isPending}
      okButtonProps={{ disabled: !results && (urls.length === 0 || urls.length > max) }}
      onOk={submit}
      onCancel={onClose}
    >
      {results ? (
        <Table<Result>
          size="small"
          rowKey={(r) => `${r.url}-${results.indexOf(r)}`}
          pagination={false}
          dataSource={results}
          columns={[
            { title: '图片地址', dataIndex: 'url', ellipsis: true },
            {
              title: '结果',
              width: 220,
              render: (_, r) => (r.ok ? <Tag color="success">{r.msg}</Tag> : <Typography.Text type="danger">{r.msg}</Typography.Text>),
            },
          ]}
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={`图片将保存到「${dirName}」；只支持 http(s) 公网地址，每行一个，最多 ${max} 个`}
          />
          <Input.TextArea
            aria-label="图片地址"
            rows={8}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={'https://example.com/a.jpg\nhttps://example.com/b.png'}
          />
          {urls.length > max && <Typography.Text type="danger">一次最多提取{max}张图片</Typography.Text>}
        </>
      )}
    </Modal>
  );
}
