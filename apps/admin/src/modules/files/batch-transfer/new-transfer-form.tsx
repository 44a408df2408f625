import { CloudDownloadOutlined, ImportOutlined } from '@ant-design/icons';
import { ROOT_DIR, TRANSFER_URLS_MAX } from '@contract/index';
import { App, Button, Card, Form, Input, Space, TreeSelect, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { ApiError } from '@/api/client';
import { DebouncedButton } from '@/shared';
import { useDirTree } from '@/shared/media-picker';
import { optionsOf } from '../material/move-dialog';
import { useCreateTransfer } from './transfer.queries';
import { checkList, linesOf, urlsFromFile } from './url-list';

/** The list file a merchant may import: a text list or a CSV export, read in the browser. */
const IMPORT_MAX_BYTES = 1024 * 1024;

/** 批量图片转存, step one: the addresses (typed, pasted or imported) and the target directory. */
export function NewTransferForm({ onCreated }: { onCreated: (id: string) => void }) {
  const { message } = App.useApp();
  const createTransfer = useCreateTransfer();
  const [text, setText] = useState('');
  const [dirId, setDirId] = useState(ROOT_DIR);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  // The directory list needs the 素材库 grant; without it the images go to 未分组.
  const tree = useDirTree(true);
  const treeData = useMemo(() => [{ value: ROOT_DIR, title: '未分组' }, ...optionsOf(tree.data?.dirs ?? [], ROOT_DIR)], [tree.data]);
  const check = useMemo(() => checkList(text), [text]);
  const errors = check.count === 0 ? (tried ? ['请输入图片地址'] : []) : check.errors.length ? check.errors : serverErrors;

  const importFile = async (file: File) => {
    if (file.size > IMPORT_MAX_BYTES) return message.error('导入的文件不能超过1MB');
    const urls = urlsFromFile(await file.text());
    if (urls.length === 0) return message.warning('文件中没有找到 http 或 https 开头的图片地址');
    // Added after what is already there.
    setText((prev) => (prev.trim() ? `${prev.trimEnd()}\n` : '') + urls.join('\n'));
    setServerErrors([]);
    message.success(`已导入 ${urls.length} 个地址`);
  };

  const submit = async () => {
    setTried(true);
    if (check.count === 0 || check.errors.length) return;
    try {
      const { task, msg } = await createTransfer.mutateAsync({ urls: linesOf(text), dirId });
      message.success(msg);
      setText('');
      setTried(false);
      setServerErrors([]);
      onCreated(task.id);
    } catch (err) {
      if (err instanceof ApiError) {
        const list = (err.data as { errors?: { msg: string }[] } | null)?.errors?.map((e) => e.msg) ?? [];
        setServerErrors(list.length ? list : [err.message]);
      }
    }
  };

  return (
    <Card title="批量图片转存">
      <Form layout="vertical" requiredMark onFinish={submit}>
        <Form.Item
          label="图片地址"
          required
          validateStatus={errors.length ? 'error' : undefined}
          help={
            errors.length ? (
              <div role="alert">
                {errors.slice(0, 5).map((e) => (
                  <div key={e}>{e}</div>
                ))}
                {errors.length > 5 && <div>还有 {errors.length - 5} 处错误</div>}
              </div>
            ) : (
              `每行一个 http 或 https 图片地址，最多 ${TRANSFER_URLS_MAX} 个；重复的地址只转存一次，内网地址会被拒绝`
            )
          }
        >
          <Input.TextArea
            aria-label="图片地址"
            rows={6}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setServerErrors([]);
            }}
            placeholder={'https://example.com/a.jpg\nhttps://example.com/b.png'}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
        <Space wrap align="start" size="large">
          <Form.Item label="保存到目录" style={{ minWidth: 260 }}>
            <TreeSelect
              aria-label="保存到目录"
              treeDefaultExpandAll
              treeData={treeData}
              value={dirId}
              onChange={setDirId}
              loading={tree.isLoading}
            />
          </Form.Item>
          <Form.Item label=" " colon={false}>
            <Space wrap>
              <Upload
                accept=".txt,.csv,text/plain,text/csv"
                showUploadList={false}
                beforeUpload={(file) => {
                  void importFile(file);
                  return false;
                }}
              >
                <Button icon={<ImportOutlined />}>从文件导入</Button>
              </Upload>
              <DebouncedButton type="primary" htmlType="submit" icon={<CloudDownloadOutlined />} loading={createTransfer.isPending}>
                开始转存
              </DebouncedButton>
              <Typography.Text type="secondary" aria-live="polite">
                {check.count > 0 && `共 ${check.count} 个地址${check.duplicates ? `（重复 ${check.duplicates} 条，只转存一次）` : ''}`}
              </Typography.Text>
            </Space>
          </Form.Item>
        </Space>
      </Form>
    </Card>
  );
}
