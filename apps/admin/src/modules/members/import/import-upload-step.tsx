import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { contract, MEMBER_IMPORT_MAX_MB, MEMBER_IMPORT_MAX_ROWS } from '@contract/index';
import { Alert, Button, Space, Spin, Upload } from 'antd';
import { useState } from 'react';
import { callBlob } from '@/api/client';
import { saveBlob } from '@/shared/save-blob';

interface Props {
  canEdit: boolean;
  checking: boolean;
  onFile: (file: File) => void;
}

/** 新建导入's first step: the template to download and the .xlsx to drop. */
export function ImportUploadStep({ canEdit, checking, onFile }: Props) {
  const [templateBusy, setTemplateBusy] = useState(false);
  const downloadTemplate = async () => {
    setTemplateBusy(true);
    try {
      const r = await callBlob(contract.memberImport.ImportTemplate, {}, { quiet: true });
      saveBlob(r.data, r.filename);
    } catch {
      // callBlob showed the message.
    } finally {
      setTemplateBusy(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Alert
        type="info"
        showIcon
        message={`请使用导入模板填写会员资料，手机号必填；每个文件最多${MEMBER_IMPORT_MAX_ROWS}行、${MEMBER_IMPORT_MAX_MB}MB，只支持.xlsx。余额和积分不在会员导入中。`}
      />
      <Button icon={<DownloadOutlined />} loading={templateBusy} onClick={downloadTemplate}>
        下载模板
      </Button>
      <Spin spinning={checking} tip="正在读取并校验文件…">
        <Upload.Dragger
          accept=".xlsx"
          showUploadList={false}
          disabled={!canEdit || checking}
          beforeUpload={(file) => {
            onFile(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽 .xlsx 文件到此处上传</p>
          <p className="ant-upload-hint">上传后先校验并预览，确认后才会导入</p>
        </Upload.Dragger>
      </Spin>
    </Space>
  );
}
