import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  contract,
  type DataOf,
  GOODS_IMPORT_MAX_MB,
  GOODS_IMPORT_MAX_ROWS,
  GOODS_IMPORT_PROGRESS_EVENT,
  GOODS_IMPORT_STATUS,
  type GoodsImportProgress,
} from '@contract/index';
import { Alert, App, Button, Modal, Progress, Result, Space, Spin, Steps, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api, callBlob, upload } from '@/api/client';
import { onHubData } from '@/realtime/hub-client';
import { saveBlob } from '@/shared/save-blob';

type Batch = DataOf<typeof contract.goodsTransfer.ImportCheck>;
type PreviewRow = Batch['rows'][number];
type ImportResult = NonNullable<Batch['result']>;
/** The import under way: goods written / total. */
interface Running {
  id: string;
  done: number;
  total: number;
}

/** While an import runs the modal also asks ImportDetail this often, in case the live connection is down. */
const POLL_MS = 2_000;

const resultText = (r: ImportResult) =>
  [
    `新增${r.created}个商品`,
    `更新${r.updated}个商品`,
    r.unchanged ? `${r.unchanged}个商品无变化` : '',
    r.skipped ? `跳过${r.skipped}个有错误的商品` : '',
  ]
    .filter(Boolean)
    .join('，');

interface Props {
  open: boolean;
  onClose: () => void;
  /** After goods were written: the list refreshes. */
  onImported: () => void;
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const columns: ColumnsType<PreviewRow> = [
  { title: '行号', dataIndex: 'row', width: 64 },
  { title: '商品名称', dataIndex: 'title', width: 160, ellipsis: true },
  {
    title: '商品编号',
    dataIndex: 'goodsNo',
    width: 110,
    render: (v: string) => v || <Typography.Text type="secondary">自动生成</Typography.Text>,
  },
  { title: '规格', dataIndex: 'specText', width: 110, render: (v: string) => v || '—' },
  { title: '售价', dataIndex: 'price', width: 80 },
  { title: '库存', dataIndex: 'stock', width: 70 },
  {
    title: '导入方式',
    dataIndex: 'action',
    width: 86,
    render: (v: PreviewRow['action']) => (v === 'update' ? <Tag color="blue">更新</Tag> : <Tag color="green">新增</Tag>),
  },
  {
    title: '校验结果',
    dataIndex: 'errors',
    render: (errors: string[], r) =>
      errors.length ? (
        <Space direction="vertical" size={0}>
          {errors.map((e) => (
            <Typography.Text key={e} type="danger">
              {e}
            </Typography.Text>
          ))}
        </Space>
      ) : r.goodsOk ? (
        <Typography.Text type="success">正确</Typography.Text>
      ) : (
        <Typography.Text type="warning">同一商品的其他行有错误</Typography.Text>
      ),
  },
];

/**
 * Follows an import written in the background: progress from the hub's goodsImportProgress, ImportDetail every
 * POLL_MS as a fallback; onEnd once with the batch's end (status 2 with result, or 1 with error).
 */
function useImportProgress(running: Running | null, onProgress: (r: Running) => void, onEnd: (p: GoodsImportProgress) => void) {
  const handlers = useRef({ onProgress, onEnd });
  handlers.current = { onProgress, onEnd };
  const id = running?.id;
  useEffect(() => {
    if (!id) return;
    let ended = false;
    const take = (p: GoodsImportProgress) => {
      if (ended || p.id !== id) return;
      if (p.status === GOODS_IMPORT_STATUS.importing) {
        handlers.current.onProgress({ id, done: p.done, total: p.total });
        return;
      }
      ended = true;
      handlers.current.onEnd(p);
    };
    const off = onHubData(GOODS_IMPORT_PROGRESS_EVENT, (payload) => take(payload as GoodsImportProgress));
    const timer = setInterval(() => {
      api.goodsTransfer
        .ImportDetail({ id }, { quiet: true, silent: true })
        .then((b) =>
          take({
            id,
            status: b.status,
            done: b.progress?.done ?? 0,
            total: b.progress?.total ?? b.validGoods,
            error: b.error,
            result: b.result,
          }),
        )
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [id]);
}

/**
 * 导入商品: 1 download the template and upload an .xlsx, 2 the server's check as a preview, 3 the import written in
 * the background with its progress (the modal may be closed: the import goes on and the list refreshes when it
 * ends), 4 the result.
 */
export function GoodsImportModal({ open, onClose, onImported }: Props) {
  const { modal, message } = App.useApp();
  const [step, setStep] = useState(0);
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState('');
  const [batch, setBatch] = useState<Batch | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [running, setRunning] = useState<Running | null>(null);
  /** The modal shows the running import (not closed since it started). */
  const watching = useRef(false);

  useImportProgress(running, setRunning, (p) => {
    setRunning(null);
    if (p.status === GOODS_IMPORT_STATUS.imported) onImported();
    if (watching.current) {
      watching.current = false;
      if (p.status === GOODS_IMPORT_STATUS.imported && p.result) {
        setResult(p.result);
        setStep(3);
      } else {
        // Nothing was written: the preview again, with why, so it can be confirmed again.
        setFileError(p.error || '导入失败，请重试');
        setStep(1);
      }
    } else if (p.status === GOODS_IMPORT_STATUS.imported && p.result) message.success(`商品导入完成：${resultText(p.result)}`);
    else message.error(`商品导入失败：${p.error || '请重试'}`);
  });

  const reset = () => {
    setStep(0);
    setBatch(null);
    setResult(null);
    setFileError('');
    setOnlyErrors(false);
  };
  /** A checked batch that is left is cancelled, so it cannot be imported by mistake later. */
  const dropBatch = () => {
    if (batch && step === 1) api.goodsTransfer.ImportCancel({ id: batch.id }, { quiet: true, silent: true }).catch(() => undefined);
  };
  const close = () => {
    dropBatch();
    // An import under way goes on; its end refreshes the list and says how it went.
    watching.current = false;
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      const r = await callBlob(contract.goodsTransfer.ImportTemplate, {}, { quiet: true });
      saveBlob(r.data, r.filename);
    } catch {
      // callBlob showed the message.
    } finally {
      setTemplateBusy(false);
    }
  };

  const check = async (file: File) => {
    setFileError('');
    if (!/\.xlsx$/i.test(file.name)) {
      setFileError('文件格式不正确，请上传.xlsx文件');
      return;
    }
    if (file.size > GOODS_IMPORT_MAX_MB * 1024 * 1024) {
      setFileError(`文件大小不能超过${GOODS_IMPORT_MAX_MB}MB`);
      return;
    }
    setChecking(true);
    try {
      const b = await upload(contract.goodsTransfer.ImportCheck, file, {}, { silent: true });
      setBatch(b);
      setOnlyErrors(b.badRows > 0);
      setStep(1);
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '上传失败，请重试');
    } finally {
      setChecking(false);
    }
  };

  const confirm = async (onlyValid: boolean) => {
    if (!batch) return;
    setImporting(true);
    try {
      const r = await api.goodsTransfer.ImportConfirm({ id: batch.id, onlyValid }, { silent: true });
      setFileError('');
      watching.current = true;
      setRunning({ id: r.id, done: 0, total: r.total });
      setStep(2);
    } catch (e) {
      // A batch that can no longer be imported (changed data, expired) goes back to the upload.
      if (e instanceof ApiError && e.code !== -1) setFileError(e.message);
    } finally {
      setImporting(false);
    }
  };
  const confirmOnlyValid = () => {
    if (!batch) return;
    modal.confirm({
      title: '仅导入正确的商品',
      content: `将导入${batch.validGoods}个正确的商品，跳过${batch.badGoods}个有错误的商品，是否继续？`,
      okText: '确定导入',
      cancelText: '取消',
      onOk: () => confirm(true),
    });
  };
  const reupload = () => {
    dropBatch();
    setBatch(null);
    setFileError('');
    setStep(0);
  };

  const rows = batch ? (onlyErrors ? batch.rows.filter((r) => !r.goodsOk) : batch.rows) : [];
  const footer =
    step === 1 && batch ? (
      <Space>
        <Button onClick={reupload}>重新上传</Button>
        {batch.badRows > 0 ? (
          <Button type="primary" disabled={batch.validGoods === 0} loading={importing} onClick={confirmOnlyValid}>
            仅导入正确的商品
          </Button>
        ) : (
          <Button type="primary" loading={importing} onClick={() => confirm(false)}>
            确认导入
          </Button>
        )}
      </Space>
    ) : step === 2 ? (
      <Button onClick={close}>关闭</Button>
    ) : step === 3 ? (
      <Space>
        <Button onClick={reset}>继续导入</Button>
        <Button type="primary" onClick={close}>
          完成
        </Button>
      </Space>
    ) : null;

  return (
    <Modal
      open={open}
      title="导入商品"
      width={step === 1 ? 1000 : 640}
      onCancel={close}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: '上传文件' }, { title: '预览校验' }, { title: '导入' }, { title: '完成' }]}
      />
      {step === 0 && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            message="请按模板填写商品，每个规格一行；同一商品的多个规格使用相同的商品编号（或相邻行使用相同的商品名称）。"
            description={`只支持.xlsx文件，每次最多${GOODS_IMPORT_MAX_ROWS}行、${GOODS_IMPORT_MAX_MB}MB。填写已有的商品编号会更新该商品。上传后先预览校验结果，确认后才会导入。`}
          />
          <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={downloadTemplate}>
            下载导入模板
          </Button>
          <Spin spinning={checking} tip="正在校验文件，请稍候…">
            <Upload.Dragger
              accept={`.xlsx,${XLSX_MIME}`}
              maxCount={1}
              showUploadList={false}
              disabled={checking}
              beforeUpload={(file) => {
                void check(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">点击或拖拽.xlsx文件到此处上传</p>
              <p className="ant-upload-hint">文件在服务器上校验，不会直接导入</p>
            </Upload.Dragger>
          </Spin>
          {fileError && <Alert type="error" showIcon message={fileError} />}
        </Space>
      )}
      {step === 1 && batch && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type={batch.badRows ? 'warning' : 'success'}
            showIcon
            message={`共${batch.goodsCount}个商品，${batch.badRows}行有错误`}
            description={
              batch.badRows
                ? `${batch.validGoods}个商品正确，${batch.badGoods}个商品有错误。可以修改文件后重新上传，或仅导入正确的商品。`
                : '全部校验通过，确认后导入。'
            }
          />
          {fileError && <Alert type="error" showIcon message={fileError} />}
          <Space>
            <Switch checked={onlyErrors} onChange={setOnlyErrors} aria-label="只看有错误的商品" />
            <span>只看有错误的商品</span>
          </Space>
          <Table<PreviewRow>
            rowKey="row"
            size="small"
            columns={columns}
            dataSource={rows}
            scroll={{ y: 360 }}
            pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` }}
            onRow={(r) => (r.errors.length ? { style: { background: '#fff1f0' } } : {})}
            locale={{ emptyText: '没有有错误的行' }}
          />
        </Space>
      )}
      {step === 2 && (
        <Space direction="vertical" size={16} style={{ width: '100%', padding: '24px 0' }} aria-label="导入进度">
          <Typography.Text strong>
            正在导入 {running?.done ?? 0} / {running?.total ?? 0}
          </Typography.Text>
          <Progress percent={running?.total ? Math.floor((running.done / running.total) * 100) : 0} status="active" />
          <Typography.Text type="secondary">
            商品在后台导入，全部成功才会写入。关闭窗口不影响导入，完成后商品列表会自动刷新。
          </Typography.Text>
        </Space>
      )}
      {step === 3 && result && <Result status="success" title="导入完成" subTitle={resultText(result)} />}
    </Modal>
  );
}
