import type { contract } from '@shop/contract';
import { type Handlers, withMsg } from '@/core/register';
import { exportSubmissions, formDetailItems } from './form-data.service';
import * as svc from './forms.service';

/**
 * The forms' calls but the submissions list, which shows each submission's order number: orders answers it, and
 * orders imports forms, so the app's routes (src/routes.ts) pass orders' lookup in (listSubmissions).
 */
export const formsHandlers: Omit<Handlers<typeof contract.forms>, 'GetFromDataList'> = {
  GetFromList: (ctx, b) => svc.listForms(ctx, b),
  GetFrom: (ctx, b) => svc.getForm(ctx, b.id),
  SaveFrom: async (ctx, b) => withMsg(await svc.saveForm(ctx, b), '保存成功'),
  DelFrom: async (ctx, b) => withMsg(await svc.deleteForms(ctx, b.ids), '删除成功!'),
  UpStateFrom: async (ctx, b) => withMsg(await svc.setFormState(ctx, b.ids, b.status), b.status === 1 ? '生效成功!' : '使失效成功!'),
  GetFromDateDetailsList: (ctx, b) => formDetailItems(ctx, b.id),
  ExportFromData: (ctx, b) => exportSubmissions(ctx, b),
};
