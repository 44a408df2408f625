import { GOODS_IMPORT_MAX_MB, GOODS_IMPORT_STATUS } from '@contract/index';
import { App } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '@/api/client';
import { type ImportResult, resultText } from './goods-import-columns';
import {
  type ImportBatch,
  type RunningImport,
  useCancelImport,
  useCheckImport,
  useConfirmImport,
  useImportProgress,
} from './goods-import.queries';

/**
 * The steps of 导入商品: 0 upload, 1 the server's check as a preview, 2 the import written in the background, 3 the
 * result. Closing during step 2 lets the import go on: its end says how it went in a message.
 */
export function useGoodsImport(onClose: () => void) {
  const { modal, message } = App.useApp();
  const [step, setStep] = useState(0);
  const [fileError, setFileError] = useState('');
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [running, setRunning] = useState<RunningImport | null>(null);
  const checkImport = useCheckImport();
  const confirmImport = useConfirmImport();
  const cancelImport = useCancelImport();
  /** The modal shows the running import (not closed since it started). */
  const watching = useRef(false);

  useImportProgress(running, setRunning, (p) => {
    setRunning(null);
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
    if (batch && step === 1) cancelImport.mutateAsync(batch.id).catch(() => undefined);
  };
  const close = () => {
    dropBatch();
    // An import under way goes on; its end refreshes the list and says how it went.
    watching.current = false;
    reset();
    onClose();
  };

  const check = async (file: File) => {
    setFileError('');
    if (!/\.xlsx$/i.test(file.name)) return setFileError('文件格式不正确，请上传.xlsx文件');
    if (file.size > GOODS_IMPORT_MAX_MB * 1024 * 1024) return setFileError(`文件大小不能超过${GOODS_IMPORT_MAX_MB}MB`);
    try {
      const b = await checkImport.mutateAsync(file);
      setBatch(b);
      setOnlyErrors(b.badRows > 0);
      setStep(1);
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '上传失败，请重试');
    }
  };

  const confirm = async (onlyValid: boolean) => {
    if (!batch) return;
    try {
      const r = await confirmImport.mutateAsync({ id: batch.id, onlyValid });
      setFileError('');
      watching.current = true;
      setRunning({ id: r.id, done: 0, total: r.total });
      setStep(2);
    } catch (e) {
      // A batch that can no longer be imported (changed data, expired) goes back to the upload.
      if (e instanceof ApiError && e.code !== -1) setFileError(e.message);
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

  return {
    step,
    batch,
    result,
    running,
    fileError,
    onlyErrors,
    setOnlyErrors,
    checking: checkImport.isPending,
    importing: confirmImport.isPending,
    check,
    confirm,
    confirmOnlyValid,
    reupload,
    reset,
    close,
  };
}

export type GoodsImportState = ReturnType<typeof useGoodsImport>;
