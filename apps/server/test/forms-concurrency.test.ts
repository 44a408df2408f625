import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { formOrders, formSubmissions, forms, payOrders } from '@/db/schema';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { answersOf, createForm, makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let owner: Person;
let dataDir: string;

const CREATE = '/Order/FromOrder/Create';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-forms-race-'));
  t = await makeApp({ config: { dataDir } });
  owner = await t.registerOwner('抢报名店');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const submissionsOf = (formId: string) => t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, formId));
const formRow = async (id: string) => (await t.db.select().from(forms).where(eq(forms.id, id)))[0];

/** Fires the calls together and sorts the answers into successes and refusal messages. */
async function together(bodies: Record<string, unknown>[]) {
  const answers = await Promise.all(bodies.map((b) => t.call(CREATE, b)));
  for (const a of answers) expect(a.status).toBe(200);
  return {
    ok: answers.filter((a) => a.body.code === 0).map((a) => a.body.data),
    refused: answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg as string),
  };
}

describe('concurrent submissions', () => {
  raceIt('30 visitors at once against a total of 10: exactly 10 get in', async () => {
    const id = await createForm(t, owner.token, { formName: '限量十份', totalLimit: 10 });
    const r = await together(Array.from({ length: 30 }, (_, i) => ({ id, visitor: `race-visitor-${i}`, answers: answersOf(`抢${i}`) })));
    expect(r.ok).toHaveLength(10);
    expect(r.refused).toEqual(Array(20).fill('提交人数已满'));
    expect((await formRow(id)).applyCount).toBe(10);
    const rows = await submissionsOf(id);
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((s) => s.subNo)).size).toBe(10);
    expect(new Set(rows.map((s) => s.id))).toEqual(new Set(r.ok.map((d) => d.submissionId)));
    expect((await t.ok('/Order/FromOrder/GetFromInfo', { id })).left).toBe(0);
    expect((await t.ok('/FromRep/FormReport/GetFromDataList', { id }, owner.token)).total_count).toBe(10);
  });

  raceIt('one visitor 10 times at once against 2 per person: exactly 2 get in', async () => {
    const id = await createForm(t, owner.token, { formName: '每人两次', personLimit: 2 });
    const visitor = 'one-eager-visitor';
    const r = await together(Array.from({ length: 10 }, () => ({ id, visitor, answers: answersOf('心急') })));
    expect(r.ok).toHaveLength(2);
    expect(r.refused).toEqual(Array(8).fill('每人最多提交2次'));
    expect(await submissionsOf(id)).toHaveLength(2);
    expect((await formRow(id)).applyCount).toBe(2);
    expect(await t.ok('/Order/FromOrder/GetSubmitNum', { id, visitor })).toEqual({ count: 2, limit: 2, left: 0 });
  });

  raceIt('15 visitors at once against a paid form of 5 places: 5 orders and 5 payments, no more', async () => {
    const id = await createForm(t, owner.token, { formName: '付费限量', needPay: 1, price: 9.9, totalLimit: 5 });
    const r = await together(Array.from({ length: 15 }, (_, i) => ({ id, visitor: `paid-race-${i}`, answers: answersOf() })));
    expect(r.ok).toHaveLength(5);
    expect(r.refused).toEqual(Array(10).fill('提交人数已满'));
    const orders = await t.db.select().from(formOrders).where(eq(formOrders.formId, id));
    expect(orders).toHaveLength(5);
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(5);
    const pays = await t.db.select().from(payOrders).where(eq(payOrders.renterId, owner.renterId));
    expect(pays.filter((p) => orders.some((o) => o.id === p.bizId))).toHaveLength(5);
  });

  raceIt('two submissions at once with the same upload: only one gets the image', async () => {
    const id = await createForm(t, owner.token, {
      fields: [
        { id: 'name', label: '姓名', kind: 1 },
        { id: 'photo', label: '照片', kind: 9 },
      ],
    });
    const visitor = 'photo-race-visitor';
    const { payload, headers } = multipart([
      { name: 'formId', value: id },
      { name: 'file', filename: 'a.png', type: 'image/png', data: makePng() },
    ]);
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/Order/FromOrder/UpLoad',
        payload,
        headers: { ...headers, visitor: t.visitorToken(visitor) },
      })
    ).json();
    expect(up.code).toBe(0);
    const r = await together(Array.from({ length: 4 }, () => ({ id, visitor, answers: { name: '我', photo: [up.data.url] } })));
    expect(r.ok).toHaveLength(1);
    expect(r.refused).toEqual(Array(3).fill('图片无效，请重新上传'));
    expect(await submissionsOf(id)).toHaveLength(1);
    expect((await formRow(id)).applyCount).toBe(1);
  });
});
