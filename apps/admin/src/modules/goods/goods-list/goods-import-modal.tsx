import { Button, Modal, Result, Space, Steps } from 'antd';
import { resultText } from './goods-import-columns';
import { PreviewStep, ProgressStep, UploadStep } from './goods-import-steps';
import { type GoodsImportState, useGoodsImport } from './use-goods-import';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** The buttons of each step. */
function footerOf(s: GoodsImportState) {
  if (s.step === 1 && s.batch)
    return (
      <Space>
        <Button onClick={s.reupload}>重新上传</Button>
        {s.batch.badRows > 0 ? (
          <Button type="primary" disabled={s.batch.validGoods === 0} loading={s.importing} onClick={s.confirmOnlyValid}>
            仅导入正确的商品
          </Button>
        ) : (
          <Button type="primary" loading={s.importing} onClick={() => s.confirm(false)}>
            确认导入
          </Button>
        )}
      </Space>
    );
  if (s.step === 2) return <Button onClick={s.close}>关闭</Button>;
  if (s.step === 3)
    return (
      <Space>
        <Button onClick={s.reset}>继续导入</Button>
        <Button type="primary" onClick={s.close}>
          完成
        </Button>
      </Space>
    );
  return null;
}

/**
 * 导入商品: 1 download the template and upload an .xlsx, 2 the server's check as a preview, 3 the import written in
 * the background with its progress (the modal may be closed: the import goes on and the list refreshes when it
 * ends), 4 the result.
 */
export function GoodsImportModal({ open, onClose }: Props) {
  const s = useGoodsImport(onClose);
  return (
    <Modal
      open={open}
      title="导入商品"
      width={s.step === 1 ? 1000 : 640}
      onCancel={s.close}
      footer={footerOf(s)}
      maskClosable={false}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={s.step}
        style={{ marginBottom: 24 }}
        items={[{ title: '上传文件' }, { title: '预览校验' }, { title: '导入' }, { title: '完成' }]}
      />
      {s.step === 0 && <UploadStep checking={s.checking} fileError={s.fileError} onFile={(f) => void s.check(f)} />}
      {s.step === 1 && s.batch && (
        <PreviewStep batch={s.batch} fileError={s.fileError} onlyErrors={s.onlyErrors} onOnlyErrors={s.setOnlyErrors} />
      )}
      {s.step === 2 && <ProgressStep running={s.running} />}
      {s.step === 3 && s.result && <Result status="success" title="导入完成" subTitle={resultText(s.result)} />}
    </Modal>
  );
}
