import { useBuyDialog } from '../billing.queries';
import { BuyDialog } from './buy-dialog';

export { BuyDialog, PAY_QR_SIZE } from './buy-dialog';

/** The shell's one buy dialog: open it from anywhere with useBuyDialog.getState().open(target). */
export function BuyDialogHost() {
  const target = useBuyDialog((s) => s.target);
  const close = useBuyDialog((s) => s.close);
  return <BuyDialog target={target} onClose={close} />;
}
