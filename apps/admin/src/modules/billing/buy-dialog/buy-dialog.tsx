import { BUY_CANCEL_CONFIRM, BUY_ORDER_ERROR_MSG, BUY_PAID_MSG, BUY_PAY_STATUS, BUY_UNPAID_MSG } from '@contract/index';
import { App, Button, Modal, Result, Space, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { PaySandboxNotice } from '@/shared';
import { useBuyInfo, useCancelBuy, useCheckPayOrder, useRenterBuy } from '../billing.queries';
import { BuyForm, type BuyValues } from './buy-form';
import { BuyPayQr, type PayData } from './buy-pay-qr';
import { usePayPolling } from './use-pay-polling';

export { PAY_QR_SIZE } from '@/shared';
/** How long '支付成功' shows before the page reloads with the new version. */
const RELOAD_AFTER_MS = 1500;

interface Props {
  /** '' the enterprise's version, else an app id; null when closed. */
  target: string | null;
  onClose: () => void;
  /** After payment (default: reload the page so menu, version and badge are read again). */
  onPaid?: () => void;
}

const reload = () => window.location.reload();

/**
 * 立即购买 (spec 000 §4 buy flow): type and years with the total, then the QR code, polled every 5 s until paid (then
 * '支付成功' and a reload); 我已支付 checks once; 取消购买 asks first and closes the order.
 */
export function BuyDialog({ target, onClose, onPaid = () => setTimeout(reload, RELOAD_AFTER_MS) }: Props) {
  const { message, modal } = App.useApp();
  const open = target !== null;
  const info = useBuyInfo(target ?? '', open);
  const [pay, setPay] = useState<PayData | null>(null);
  const renterBuy = useRenterBuy();
  const checkPayOrder = useCheckPayOrder();
  const cancelBuy = useCancelBuy();
  const [paid, setPaid] = useState(false);

  const close = () => {
    setPay(null);
    setPaid(false);
    onClose();
  };
  const succeed = () => {
    setPaid(true);
    message.success(BUY_PAID_MSG);
    onPaid();
  };

  usePayPolling(pay && !paid ? pay.PayOrderGUID : null, (status) => {
    if (status === BUY_PAY_STATUS.paid) succeed();
    else {
      message.warning('购买订单已关闭，请重新下单');
      setPay(null);
    }
  });

  const d = info.data;
  const confirm = async (v: BuyValues) => {
    if (!d) return;
    try {
      setPay(await renterBuy.mutateAsync({ ProductLineGUID: d.ProductLineGUID, CustomerGUID: d.CustomerGUID, ...v, BuyYHS: 0 }));
    } catch {
      // the reason is shown
    }
  };

  const checkOnce = async () => {
    if (!pay) return;
    try {
      const { PayStatus } = await checkPayOrder.mutateAsync(pay.PayOrderGUID);
      if (PayStatus === BUY_PAY_STATUS.paid) succeed();
      else message.warning(BUY_UNPAID_MSG);
    } catch {
      message.error(BUY_ORDER_ERROR_MSG);
    }
  };

  /** Closing with an order to pay asks first, then closes the order (spec 000 §4 step 5). */
  const cancel = () => {
    if (!pay || paid) return close();
    modal.confirm({
      title: BUY_CANCEL_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await cancelBuy.mutateAsync(pay.PayOrderGUID);
        } catch {
          return; // the reason is shown (paid meanwhile, for one)
        }
        message.success('已取消购买');
        close();
      },
    });
  };

  let body: ReactNode;
  if (info.isLoading) body = <Spin style={{ display: 'block', padding: 40 }} />;
  else if (!d) body = <Result status="error" title={BUY_ORDER_ERROR_MSG} />;
  else if (!d.usagemd && !d.usagenf) body = <Result status="success" title="已买断，无需再次购买" />;
  else if (!pay) body = <BuyForm info={d} submitting={renterBuy.isPending} onSubmit={confirm} onCancel={close} />;
  else body = <BuyPayQr pay={pay} paid={paid} />;

  const footer = pay ? (
    <Space>
      <Button onClick={cancel} disabled={paid}>
        取消购买
      </Button>
      <Button type="primary" onClick={checkOnce} disabled={paid}>
        我已支付
      </Button>
    </Space>
  ) : null;

  return (
    <Modal
      title={d ? `购买 ${d.name}` : '立即购买'}
      width={650}
      open={open}
      onCancel={cancel}
      footer={footer}
      maskClosable={false}
      destroyOnHidden
    >
      <PaySandboxNotice />
      {body}
    </Modal>
  );
}
