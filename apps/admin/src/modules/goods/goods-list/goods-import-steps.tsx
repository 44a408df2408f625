import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { contract, GOODS_IMPORT_MAX_MB, GOODS_IMPORT_MAX_ROWS } from '@contract/index';
import { Alert, Button, Progress, Space, Spin, Switch, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { callBlob } from '@/api/client';
import { saveBlob } from '@/shared/save-blob';
import { importPreviewColumns, type PreviewRow } from './goods-import-columns';
import type { ImportBatch, RunningImport } from './goods-import.queries';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Step 1: the template to download and the .xlsx to upload (checked on the server, not imported yet). */
export function UploadStep({ checking, fileError, onFile }: { checking: boolean; fileError: string; onFile: (f: File) => void }) {
  const [templateBusy, setTemplateBusy] = useState(false);
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
  return (
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
            onFile(file);
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
  );
}

interface PreviewProps {
  batch: ImportBatch;
  fileError: string;
  onlyErrors: boolean;
  onOnlyErrors: (v: boolean) => void;
}

/** Step 2: what the check found, row by row (only the rows with errors when asked). */
export function PreviewStep({ batch, fileError, onlyErrors, onOnlyErrors }: PreviewProps) {
  const rows = onlyErrors ? batch.rows.filter((r) => !r.goodsOk) : batch.rows;
  return (
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
        <Switch checked={onlyErrors} onChange={onOnlyErrors} aria-label="只看有错误的商品" />
        <span>只看有错误的商品</span>
      </Space>
      <Table<PreviewRow>
        rowKey="row"
        size="small"
        columns={importPreviewColumns}
        dataSource={rows}
        scroll={{ y: 360 }}
        pagination={{ pageSize: 50, showSizeChanger: false, showTotal: (n) => `共 ${n} 行` }}
        onRow={(r) => (r.errors.length ? { style: { background: '#fff1f0' } } : {})}
        locale={{ emptyText: '没有有错误的行' }}
      />
    </Space>
  );
}

/** Step 3: the import written in the background, goods done / total. */
export function ProgressStep({ running }: { running: RunningImport | null }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', padding: '24px 0' }} aria-label="导入进度">
      <Typography.Text strong>
        正在导入 {running?.done ?? 0} / {running?.total ?? 0}
      </Typography.Text>
      <Progress percent={running?.total ? Math.floor((running.done / running.total) * 100) : 0} status="active" />
      <Typography.Text type="secondary">商品在后台导入，全部成功才会写入。关闭窗口不影响导入，完成后商品列表会自动刷新。</Typography.Text>
    </Space>
  );
}
