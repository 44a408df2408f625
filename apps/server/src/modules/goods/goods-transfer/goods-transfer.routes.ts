import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
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
    return withMsg(r, `正在导入${r.total}个商品`);
  },
  ImportCancel: async (ctx, b) => withMsg(await svc.importCancel(ctx, b.id), '已取消导入'),
};
