import { MEMBER_IMPORT_MAX_MB } from '@contract/index';
import { Alert, App, Card, Descriptions, Spin, Steps } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { useCheckMapping, useReadImportToContinue, useStartImport, useUploadImport } from './import.queries';
import { ImportConfirmCard } from './import-confirm-card';
import { ImportCounts } from './import-counts';
import { type ImportMapping, ImportMappingCard } from './import-mapping-card';
import { ImportPreviewRows } from './import-preview-rows';
import { ImportUploadStep } from './import-upload-step';
import type { ImportView } from './member-import.shared';

/**
 * 新建导入: 1 download the template and upload an .xlsx (checked on the server with the columns its headers suggest),
 * 2 the column mapping and the preview (counts, bad rows, rows already members), the option for members that exist,
 * 确认导入 → the import's detail page with its live progress. `?id=` continues a checked import.
 */
export default function MemberAddImportPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const canEdit = useCan()('memberImport', 'edit');
  const readImport = useReadImportToContinue();
  const uploadImport = useUploadImport();
  const checkMapping = useCheckMapping();
  const startImport = useStartImport();
  const [view, setView] = useState<ImportView | null>(null);
  const [loading, setLoading] = useState(!!params.get('id'));
  const [fileError, setFileError] = useState('');
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [existing, setExisting] = useState<1 | 2>(1);
  const [onlyValid, setOnlyValid] = useState(false);
  const checking = uploadImport.isPending || checkMapping.isPending;

  const show = useCallback((v: ImportView) => {
    setView(v);
    setMapping(v.mapping as ImportMapping);
    setExisting(v.existing === 2 ? 2 : 1);
  }, []);

  useEffect(() => {
    const id = params.get('id');
    if (!id) return;
    readImport(id)
      .then((d) => {
        if (d.import.status !== 1) navigate(`/member/importdetail?id=${id}`, { replace: true });
        else show(d.import);
      })
      .catch((e) => setFileError(e instanceof ApiError ? e.message : '加载失败'))
      .finally(() => setLoading(false));
  }, [params, navigate, show, readImport]);

  const check = async (file: File) => {
    setFileError('');
    if (!/\.xlsx$/i.test(file.name)) return setFileError('文件格式不正确，请上传.xlsx文件');
    if (file.size > MEMBER_IMPORT_MAX_MB * 1024 * 1024) return setFileError(`文件大小不能超过${MEMBER_IMPORT_MAX_MB}MB`);
    try {
      show(await uploadImport.mutateAsync(file));
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '上传失败，请重试');
    }
  };

  const applyMapping = async () => {
    if (!view) return;
    if (mapping.phone === undefined) return setFileError('请为手机号选择对应的列');
    setFileError('');
    try {
      show(await checkMapping.mutateAsync({ id: view.id, mapping }));
      message.success('已按新的列对应重新校验');
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '校验失败，请重试');
    }
  };

  const start = async () => {
    if (!view) return;
    try {
      const r = await startImport.mutateAsync({ id: view.id, existing, onlyValid });
      message.success(`正在导入${r.total}位会员`);
      navigate(`/member/importdetail?id=${r.id}`);
    } catch {
      // the reason is shown
    }
  };
  const confirmImport = () => {
    if (!view) return;
    const good = view.counts.good;
    modal.confirm({
      title: '确认导入',
      content: `将导入${good}行（其中${view.counts.existing}行已是会员，将${existing === 2 ? '更新资料' : '跳过'}）${
        view.counts.bad ? `，跳过${view.counts.bad}行错误数据` : ''
      }，是否继续？`,
      okText: '确认导入',
      cancelText: '取消',
      onOk: start,
    });
  };

  const mappingChanged = !!view && JSON.stringify(mapping) !== JSON.stringify(view.mapping);

  if (loading) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card title="新建导入">
      <Steps
        current={view ? 1 : 0}
        style={{ marginBottom: 24 }}
        items={[{ title: '上传文件' }, { title: '对应列与预览' }, { title: '导入' }]}
      />
      {fileError && <Alert type="error" showIcon message={fileError} style={{ marginBottom: 16 }} />}
      {!view ? (
        <ImportUploadStep canEdit={canEdit} checking={checking} onFile={check} />
      ) : (
        <Spin spinning={checking} tip="正在校验…">
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文件">{view.fileName}</Descriptions.Item>
            <Descriptions.Item label="上传时间">{view.createTime}</Descriptions.Item>
            <Descriptions.Item label="操作人">{view.operator || '—'}</Descriptions.Item>
          </Descriptions>
          <ImportMappingCard
            headers={view.headers}
            mapping={mapping}
            onChange={setMapping}
            changed={mappingChanged}
            canEdit={canEdit}
            onApply={applyMapping}
          />
          <ImportCounts counts={view.counts} />
          <ImportPreviewRows view={view} />
          <ImportConfirmCard
            view={view}
            existing={existing}
            onExisting={setExisting}
            onlyValid={onlyValid}
            onOnlyValid={setOnlyValid}
            canConfirm={canEdit && !mappingChanged && view.counts.good > 0 && (view.counts.bad === 0 || onlyValid)}
            onBack={() => navigate('/member/import')}
            onReupload={() => {
              setView(null);
              setFileError('');
            }}
            onConfirm={confirmImport}
          />
        </Spin>
      )}
    </Card>
  );
}
