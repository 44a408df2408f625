import { BUY_PAID_MSG, EXPRESS_BUY_STATUS, PAY_POLL_MS } from '@contract/index';
import { App, Button, Card, Col, Modal, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { usePayPolling } from '@/modules/billing/buy-dialog/use-pay-polling';
import { PayQr, PaySandboxNotice } from '@/shared';
import { yuan } from '@/shared/money';
import { buyStatusOf, useChargePackage, usePackages } from '../delivery.queries';

export interface PayData {
  id: string;
  qr_code: string;
  Total: string;
}

interface Props {
  open: boolean;
  /** Continue paying an unpaid purchase (its QR code) instead of choosing a package. */
  resume: PayData | null;
  onClose: () => void;
  onChanged: () => void;
}

/** 购买电子面单: a package, then its QR code polled until paid (billing's pay step and polling). */
export function BuyPackageModal({ open, resume, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const packages = usePackages();
  const [paying, setPaying] = useState<PayData | null>(null);
  const charge = useChargePackage();
  const [paid, setPaid] = useState(false);
  const pay = paying ?? resume;

  const close = () => {
    setPaying(null);
    setPaid(false);
    onClose();
  };

  usePayPolling(
    open && pay && !paid ? pay.id : null,
    (status) => {
      if (status === EXPRESS_BUY_STATUS.paid) {
        setPaid(true);
        message.success(BUY_PAID_MSG);
        packages.refetch();
      } else message.warning('该购买已关闭，请重新购买');
      onChanged();
    },
    buyStatusOf,
  );

  const buy = async (packageId: string) => {
    try {
      setPaying(await charge.mutateAsync(packageId));
    } catch {
      // the reason is shown
    }
  };

  return (
    <Modal title="购买电子面单" open={open} onCancel={close} footer={null} width={680} maskClosable={false} destroyOnHidden>
      <PaySandboxNotice />
      {pay ? (
        <PayQr
          qrCode={pay.qr_code}
          total={pay.Total}
          footer={
            paid ? (
              <Typography.Text type="success">{BUY_PAID_MSG}</Typography.Text>
            ) : (
              <>
                每 {PAY_POLL_MS / 1000} 秒自动查询支付结果；也可
                <a href={pay.qr_code} target="_blank" rel="noreferrer">
                  在新窗口打开支付页面
                </a>
              </>
            )
          }
        />
      ) : (
        <>
          <Typography.Paragraph>
            剩余电子面单：
            <Typography.Text strong data-testid="waybill-quota">
              {packages.data?.quota ?? '—'}
            </Typography.Text>{' '}
            单
          </Typography.Paragraph>
          <Row gutter={16}>
            {(packages.data?.rows ?? []).map((p) => (
              <Col span={8} key={p.id}>
                <Card size="small" title={p.name}>
                  <Space direction="vertical">
                    <Typography.Text>{p.waybills} 单</Typography.Text>
                    <Typography.Title level={4} style={{ margin: 0 }}>
                      {yuan(p.price)}
                    </Typography.Title>
                    <Button type="primary" loading={charge.isPending && charge.variables === p.id} onClick={() => buy(p.id)}>
                      立即购买
                    </Button>
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Modal>
  );
}
