import { Button, Card, Checkbox, Radio, Space } from 'antd';
import { DebouncedButton } from '@/shared';
import type { ImportView } from './member-import.shared';

interface Props {
  view: ImportView;
  existing: 1 | 2;
  onExisting: (v: 1 | 2) => void;
  onlyValid: boolean;
  onOnlyValid: (v: boolean) => void;
  /** 确认导入 may be pressed (allowed, mapping applied, good rows, the bad ones skipped). */
  canConfirm: boolean;
  onBack: () => void;
  onReupload: () => void;
  onConfirm: () => void;
}

/** What to do with members that exist and with bad rows, then 返回, 重新上传 or 确认导入. */
export function ImportConfirmCard(p: Props) {
  const { view } = p;
  return (
    <Card size="small" style={{ marginTop: 16 }}>
      <Space direction="vertical">
        <Space>
          <span>已是会员的手机号：</span>
          <Radio.Group
            value={p.existing}
            onChange={(e) => p.onExisting(e.target.value)}
            options={[
              { value: 1, label: '跳过' },
              { value: 2, label: '更新资料' },
            ]}
          />
        </Space>
        {view.counts.bad > 0 && (
          <Checkbox checked={p.onlyValid} onChange={(e) => p.onOnlyValid(e.target.checked)}>
            仅导入正确的行（跳过{view.counts.bad}行错误数据）
          </Checkbox>
        )}
        <Space>
          <Button onClick={p.onBack}>返回</Button>
          <Button onClick={p.onReupload}>重新上传</Button>
          <DebouncedButton type="primary" disabled={!p.canConfirm} onClick={p.onConfirm}>
            确认导入
          </DebouncedButton>
        </Space>
      </Space>
    </Card>
  );
}
