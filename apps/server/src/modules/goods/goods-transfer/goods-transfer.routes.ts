import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '../../../core/register';
import * as svc from './goods-transfer.service';

export const goodsTransferHandlers: Handlers<typeof contract.goodsTransfer> = {
  ExportGoods: (ctx, b) => svc.exportGoods(ctx, b),
  ImportTemplate: () => svc.importTemplate(),
  ImportCheck: async (ctx) => {
    const batch = await svc.importCheck(ctx);
    return withMsg(
      batch,
      batch.badRows ? `共${batch.goodsCount}个商品，${batch.badRows}行有错误` : `共${batch.goodsCount}个商品，校验通过`,
    );
  },
  ImportDetail: (ctx, b) => svc.importDetail(ctx, b.id),
  ImportConfirm: async (ctx, b) => {
    const r = await svc.importConfirm(ctx, b.id, b.onlyValid);
    const same = r.unchanged ? `，${r.unchanged}个商品无变化` : '';
    return withMsg(r, `导入成功：新增${r.created}个商品，更新${r.updated}个商品${same}`);
  },
  ImportCancel: async (ctx, b) => withMsg(await svc.importCancel(ctx, b.id), '已取消导入'),
};
