import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { contract, MEMBER_IMPORT_FIELDS, MEMBER_IMPORT_MAX_MB, MEMBER_IMPORT_MAX_ROWS, type MemberImportField } from '@contract/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Form,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Statistic,
  Steps,
  Table,
  Tabs,
  Upload,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError, api, callBlob, upload } from '@/api/client';
import { useCan } from '@/hooks/use-can';
import { DebouncedButton } from '@/shared';
import { saveBlob } from '@/shared/save-blob';
import { FIELD_LABEL, type ImportView, lineColumns } from './member-import.shared';

const FILTERS = [
  { key: 'all', label: '全部' },
  { key: 'bad', label: '错误行' },
  { key: 'existing', label: '已是会员' },
];

/** The preview rows of an import, paged on the server. */
function PreviewRows({ view }: { view: ImportView }) {
  const [filter, setFilter] = useState(view.counts.bad ? 'bad' : 'all');
  const [page, setPage] = useState({ page_index: 1, page_size: 10 });
  const q = useQuery({
    // The view's counts change with each check: the rows are read again.
    queryKey: ['memberImport', 'rows', view.id, view.counts, filter, page],
    queryFn: () => api.memberImport.GetCheckUserPhone({ id: view.id, filter: filter as 'all', fromRow: 0, ...page }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Tabs
        activeKey={filter}
        onChange={(k) => {
          setFilter(k);
          setPage((p) => ({ ...p, page_index: 1 }));
        }}
        items={FILTERS.map((f) => ({
          key: f.key,
          label: `${f.label}（${f.key === 'all' ? view.counts.total : f.key === 'bad' ? view.counts.bad : view.counts.existing}）`,
        }))}
      />
      <Table
        rowKey="row"
        size="small"
        columns={lineColumns}
        dataSource={q.data?.rows ?? []}
        loading={q.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: filter === 'bad' ? '没有错误行' : '没有数据' }}
        pagination={{
          current: page.page_index,
          pageSize: page.page_size,
          total: q.data?.total_count ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => `共 ${n} 行`,
          onChange: (page_index, page_size) => setPage({ page_index, page_size }),
        }}
      />
    </>
  );
}

/**
 * 新建导入: 1 download the template and upload an .xlsx (checked on the server with the columns its headers suggest),
 * 2 the column mapping and the preview (counts, bad rows, rows already members), the option for members that exist,
 * 确认导入 → the import's detail page with its live progress. `?id=` continues a checked import.
 */
export default function MemberAddImportPage() {
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const canEdit = useCan()('memberImport', 'edit');
  const [view, setView] = useState<ImportView | null>(null);
  const [loading, setLoading] = useState(!!params.get('id'));
  const [checking, setChecking] = useState(false);
  const [fileError, setFileError] = useState('');
  const [mapping, setMapping] = useState<Partial<Record<MemberImportField, number>>>({});
  const [existing, setExisting] = useState<1 | 2>(1);
  const [onlyValid, setOnlyValid] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);

  const show = useCallback((v: ImportView) => {
    setView(v);
    setMapping(v.mapping as Partial<Record<MemberImportField, number>>);
    setExisting(v.existing === 2 ? 2 : 1);
  }, []);

  useEffect(() => {
    const id = params.get('id');
    if (!id) return;
    api.memberImport
      .GetImportDetail({ id, filter: 'all', fromRow: 0, page_index: 1, page_size: 1 }, { quiet: true })
      .then((d) => {
        if (d.import.status !== 1) navigate(`/member/importdetail?id=${id}`, { replace: true });
        else show(d.import);
      })
      .catch((e) => setFileError(e instanceof ApiError ? e.message : '加载失败'))
      .finally(() => setLoading(false));
  }, [params, navigate, show]);

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

  const check = async (file: File) => {
    setFileError('');
    if (!/\.xlsx$/i.test(file.name)) return setFileError('文件格式不正确，请上传.xlsx文件');
    if (file.size > MEMBER_IMPORT_MAX_MB * 1024 * 1024) return setFileError(`文件大小不能超过${MEMBER_IMPORT_MAX_MB}MB`);
    setChecking(true);
    try {
      show(await upload(contract.memberImport.UpLoadImport, file, {}, { silent: true }));
      // A new import (待确认): the list kept from before must show it.
      await qc.invalidateQueries({ queryKey: ['memberImport', 'list'] });
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '上传失败，请重试');
    } finally {
      setChecking(false);
    }
  };

  const applyMapping = async () => {
    if (!view) return;
    if (mapping.phone === undefined) return setFileError('请为手机号选择对应的列');
    setChecking(true);
    setFileError('');
    try {
      show(await api.memberImport.CheckUserPhone({ id: view.id, mapping }, { silent: true }));
      message.success('已按新的列对应重新校验');
    } catch (e) {
      setFileError(e instanceof ApiError ? e.message : '校验失败，请重试');
    } finally {
      setChecking(false);
    }
  };

  const start = async () => {
    if (!view) return;
    try {
      const r = await api.memberImport.ImportData({ id: view.id, existing, onlyValid });
      message.success(`正在导入${r.total}位会员`);
      await qc.invalidateQueries({ queryKey: ['memberImport', 'list'] });
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

  const mappingChanged = view && JSON.stringify(mapping) !== JSON.stringify(view.mapping);
  const columnOptions = [
    { value: -1, label: '不导入' },
    ...(view?.headers ?? []).map((h, i) => ({ value: i, label: `第${i + 1}列：${h || '（无表头）'}` })),
  ];

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
                check(file);
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
      ) : (
        <Spin spinning={checking} tip="正在校验…">
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文件">{view.fileName}</Descriptions.Item>
            <Descriptions.Item label="上传时间">{view.createTime}</Descriptions.Item>
            <Descriptions.Item label="操作人">{view.operator || '—'}</Descriptions.Item>
          </Descriptions>
          <Card size="small" title="列对应" style={{ marginBottom: 16 }}>
            <Form layout="vertical">
              <Row gutter={16}>
                {MEMBER_IMPORT_FIELDS.map((f) => (
                  <Col span={6} key={f}>
                    <Form.Item label={FIELD_LABEL[f]} required={f === 'phone'} style={{ marginBottom: 12 }}>
                      <Select
                        aria-label={FIELD_LABEL[f]}
                        value={mapping[f] ?? -1}
                        options={columnOptions}
                        onChange={(col: number) =>
                          setMapping((m) => {
                            const next = { ...m };
                            if (col < 0) delete next[f];
                            else next[f] = col;
                            return next;
                          })
                        }
                      />
                    </Form.Item>
                  </Col>
                ))}
              </Row>
            </Form>
            <DebouncedButton type={mappingChanged ? 'primary' : 'default'} disabled={!mappingChanged || !canEdit} onClick={applyMapping}>
              按此对应重新校验
            </DebouncedButton>
          </Card>
          <Row gutter={16} style={{ marginBottom: 8 }}>
            <Col span={6}>
              <Statistic title="总行数" value={view.counts.total} />
            </Col>
            <Col span={6}>
              <Statistic title="正确" value={view.counts.good} valueStyle={{ color: '#389e0d' }} />
            </Col>
            <Col span={6}>
              <Statistic title="错误" value={view.counts.bad} valueStyle={view.counts.bad ? { color: '#cf1322' } : undefined} />
            </Col>
            <Col span={6}>
              <Statistic title="已是会员" value={view.counts.existing} />
            </Col>
          </Row>
          <PreviewRows view={view} />
          <Card size="small" style={{ marginTop: 16 }}>
            <Space direction="vertical">
              <Space>
                <span>已是会员的手机号：</span>
                <Radio.Group
                  value={existing}
                  onChange={(e) => setExisting(e.target.value)}
                  options={[
                    { value: 1, label: '跳过' },
                    { value: 2, label: '更新资料' },
                  ]}
                />
              </Space>
              {view.counts.bad > 0 && (
                <Checkbox checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)}>
                  仅导入正确的行（跳过{view.counts.bad}行错误数据）
                </Checkbox>
              )}
              <Space>
                <Button onClick={() => navigate('/member/import')}>返回</Button>
                <Button
                  onClick={() => {
                    setView(null);
                    setFileError('');
                  }}
                >
                  重新上传
                </Button>
                <DebouncedButton
                  type="primary"
                  disabled={!canEdit || !!mappingChanged || view.counts.good === 0 || (view.counts.bad > 0 && !onlyValid)}
                  onClick={confirmImport}
                >
                  确认导入
                </DebouncedButton>
              </Space>
            </Space>
          </Card>
        </Spin>
      )}
    </Card>
  );
}
