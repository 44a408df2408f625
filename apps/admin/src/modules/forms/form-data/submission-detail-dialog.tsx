import { FIELD_KIND } from '@contract/index';
import { Button, Descriptions, Image, Modal, Skeleton, Space } from 'antd';
import { useSubmissionDetail } from '../forms.queries';

export interface DetailItem {
  lbText: string;
  itemType: number;
  formDecimal: number | null;
  formText: string;
  startTime: string;
}

/** Spec 000 §2.4: itemType 0 shows formDecimal, 4 the date part of startTime, 5 startTime, anything else formText. */
export function itemText(i: DetailItem): string {
  if (i.itemType === FIELD_KIND.number) return i.formDecimal === null ? '' : String(i.formDecimal);
  if (i.itemType === FIELD_KIND.date) return i.startTime.slice(0, 10);
  if (i.itemType === FIELD_KIND.datetime) return i.startTime;
  return i.formText;
}

export function DetailItems({ items }: { items: DetailItem[] }) {
  return (
    <Descriptions column={1} bordered size="small">
      {items.map((i) => (
        <Descriptions.Item key={i.lbText} label={i.lbText}>
          {i.itemType === FIELD_KIND.image && i.formText ? (
            <Space wrap>
              {i.formText.split(',').map((u) => (
                <Image key={u} src={u} width={72} height={72} style={{ objectFit: 'cover' }} />
              ))}
            </Space>
          ) : (
            itemText(i) || '—'
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** '表单详情': the items of one submission, with a close button. */
export function SubmissionDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useSubmissionDetail(id);
  return (
    <Modal
      title="表单详情"
      open={Boolean(id)}
      onCancel={onClose}
      width={650}
      footer={
        <Button type="primary" onClick={onClose}>
          关闭
        </Button>
      }
    >
      {q.isLoading || !q.data ? <Skeleton active /> : <DetailItems items={q.data} />}
    </Modal>
  );
}
