import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORM_GONE_MSG, IMAGE_TYPE_MSG, VISITOR_INVALID_MSG } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, inTx } from '@/core/context';
import { files } from '@/db/schema';
import { claimUploads, formScope } from '@/modules/files';
import { makePng, multipart, type Part } from '@/modules/files/files.fixtures';
import { VISITOR_UNCLAIMED_CAP } from '@/modules/files/visitor-files.service';
import { createForm, makeApp, type Person, type TestApp, testVisitorId } from './helper';
import { raceIt } from './race';

let t: TestApp;
let dataDir: string;
let shop: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-public-'));
  t = await makeApp({ config: { dataDir } });
  shop = await t.registerOwner('公开表单店');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A form of the enterprise that takes submissions now (the forms module says which forms the page may upload to). */
function openForm(owner: Person = shop, over: Record<string, unknown> = {}): Promise<string> {
  return createForm(t, owner.token, over);
}

const image = (data = makePng()): Part => ({ name: 'file', filename: '身份证.png', type: 'image/png', data });

/** An upload of the fill page; `visitor` names the test's visitor, sent as its signed id in the visitor header. */
async function publicUpload({ visitor, ...fields }: Record<string, string>, file: Part | null = image(), forged?: string) {
  const { payload, headers } = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...(file ? [file] : [])]);
  const signed = forged ?? (visitor === undefined ? undefined : t.visitorToken(visitor));
  const res = await t.app.inject({
    method: 'POST',
    url: '/Order/FromOrder/UpLoad',
    payload,
    headers: { ...headers, ...(signed ? { visitor: signed } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

function ctxOf(): Ctx {
  return { db: t.db, reqId: 'test', ip: '127.0.0.1', userAgent: '', log: t.app.log, services: t.services, session: null };
}

const visitorA = testVisitorId('visitor-aaaaaaaa');
const visitorB = testVisitorId('visitor-bbbbbbbb');

describe('FromOrder UpLoad (the public fill page)', () => {
  it('refuses an upload to a form that does not exist', async () => {
    const r = await publicUpload({ formId: randomUUID(), visitor: visitorA });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 1, msg: FORM_GONE_MSG });
    expect(await t.db.select().from(files)).toEqual([]);
  });

  it('refuses a form that does not take submissions now', async () => {
    const closed = await openForm(shop, { state: 0 });
    expect((await publicUpload({ formId: closed, visitor: visitorA })).body).toMatchObject({ code: 1, msg: FORM_GONE_MSG });
    const ended = await openForm(shop, { startTime: '2020-01-01 00:00:00', endTime: '2020-01-02 00:00:00' });
    expect((await publicUpload({ formId: ended, visitor: visitorA })).body).toMatchObject({ code: 1, msg: FORM_GONE_MSG });
  });

  it("stores a customer's image in the form's enterprise, as that visitor's, without a token", async () => {
    const formId = await openForm();
    const r = await publicUpload({ formId, visitor: visitorA });
    expect(r.body.code).toBe(0);
    expect(r.body.data.url).toMatch(new RegExp(`^/file/${shop.renterId}/`));
    const [row] = await t.db.select().from(files).where(eq(files.id, r.body.data.id));
    expect(row).toMatchObject({
      renterId: shop.renterId,
      ownerType: 'visitor',
      ownerId: visitorA,
      scope: `form:${formId}`,
      attachedTo: null,
    });
    const served = await t.app.inject({ method: 'GET', url: r.body.data.url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('checks the content like a staff upload', async () => {
    const formId = await openForm();
    const svg: Part = {
      name: 'file',
      filename: 'a.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    };
    expect((await publicUpload({ formId, visitor: visitorA }, svg)).body).toMatchObject({ code: 1, msg: IMAGE_TYPE_MSG });
    expect((await publicUpload({ formId, visitor: visitorA }, null)).body).toMatchObject({ code: 1001, msg: '请选择要上传的文件' });
  });

  it('names a missing or bad form id and visitor id', async () => {
    expect((await publicUpload({ visitor: visitorA })).body).toMatchObject({ code: 1001, msg: '缺少表单' });
    expect((await publicUpload({ formId: 'nope', visitor: visitorA })).body).toMatchObject({ code: 1001, msg: '表单格式不正确' });
    const formId = await openForm();
    // Ids the browser made up, and visitorA's signature on another id: refused like an unknown token.
    const stolen = t.visitorToken(visitorA).replace(visitorA, visitorB);
    for (const forged of ['short', 'visitor-made-up-by-the-browser', stolen]) {
      const r = await publicUpload({ formId }, image(), forged);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 401, msg: VISITOR_INVALID_MSG, data: null });
    }
    expect((await publicUpload({ formId })).body).toMatchObject({ code: 1001, msg: '缺少访客标识' });
  });

  it(`holds a visitor to ${VISITOR_UNCLAIMED_CAP} unsubmitted images per form`, async () => {
    const formId = await openForm();
    for (let i = 0; i < VISITOR_UNCLAIMED_CAP; i++) expect((await publicUpload({ formId, visitor: visitorA })).body.code).toBe(0);
    const r = await publicUpload({ formId, visitor: visitorA });
    expect(r.body).toMatchObject({ code: 1, msg: `最多上传${VISITOR_UNCLAIMED_CAP}张图片，请先提交表单` });
    expect((await publicUpload({ formId, visitor: visitorB })).body.code).toBe(0);
    expect((await publicUpload({ formId: await openForm(), visitor: visitorA })).body.code).toBe(0);
  });

  // Issue 12 item 8: the cap was a count then an insert, and 60 parallel uploads all got through.
  raceIt(`accepts exactly ${VISITOR_UNCLAIMED_CAP} of 60 parallel uploads of one visitor`, async () => {
    const formId = await openForm();
    const answers = await Promise.all(Array.from({ length: 60 }, () => publicUpload({ formId, visitor: visitorA })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(VISITOR_UNCLAIMED_CAP);
    expect(answers.filter((a) => a.body.msg === `最多上传${VISITOR_UNCLAIMED_CAP}张图片，请先提交表单`)).toHaveLength(
      60 - VISITOR_UNCLAIMED_CAP,
    );
    expect(
      await t.db
        .select()
        .from(files)
        .where(eq(files.scope, formScope(formId))),
    ).toHaveLength(VISITOR_UNCLAIMED_CAP);
  });

  it('gives the places back for images submitted, and for uploads refused after the place was taken', async () => {
    const formId = await openForm();
    const urls: string[] = [];
    for (let i = 0; i < VISITOR_UNCLAIMED_CAP; i++) urls.push((await publicUpload({ formId, visitor: visitorA })).body.data.url);
    // A bad file is refused after its place was taken: the place comes back.
    const svg: Part = { name: 'file', filename: 'a.png', type: 'image/png', data: Buffer.from('<svg/>') };
    await inTx(ctxOf(), (tx) =>
      claimUploads(tx, {
        renterId: shop.renterId,
        scope: formScope(formId),
        uploader: { type: 'visitor', id: visitorA },
        urls: urls.slice(0, 3),
      }),
    );
    expect((await publicUpload({ formId, visitor: visitorA }, svg)).body).toMatchObject({ code: 1, msg: IMAGE_TYPE_MSG });
    for (let i = 0; i < 3; i++) expect((await publicUpload({ formId, visitor: visitorA })).body.code).toBe(0);
    expect((await publicUpload({ formId, visitor: visitorA })).body.msg).toBe(`最多上传${VISITOR_UNCLAIMED_CAP}张图片，请先提交表单`);
  });
});

describe('claimUploads', () => {
  async function uploadAs(formId: string, visitor: string): Promise<string> {
    const r = await publicUpload({ formId, visitor });
    expect(r.body.code).toBe(0);
    return r.body.data.url;
  }
  const claim = (formId: string, visitor: string, urls: string[], attachTo?: string) =>
    inTx(ctxOf(), (tx) =>
      claimUploads(tx, { renterId: shop.renterId, scope: formScope(formId), uploader: { type: 'visitor', id: visitor }, urls, attachTo }),
    );

  it("marks the visitor's own uploads as used by the submission", async () => {
    const formId = await openForm();
    const urls = [await uploadAs(formId, visitorA), await uploadAs(formId, visitorA)];
    const submissionId = randomUUID();
    expect(await claim(formId, visitorA, [...urls, urls[0]], submissionId)).toBe(true);
    const rows = await t.db
      .select()
      .from(files)
      .where(eq(files.scope, formScope(formId)));
    expect(rows.map((r) => r.attachedTo)).toEqual([submissionId, submissionId]);
    expect(await claim(formId, visitorA, [])).toBe(true);
  });

  it("refuses another visitor's upload, and marks nothing of the rest", async () => {
    const formId = await openForm();
    const mine = await uploadAs(formId, visitorA);
    const theirs = await uploadAs(formId, visitorB);
    expect(await claim(formId, visitorA, [theirs])).toBe(false);
    expect(await claim(formId, visitorA, [mine, theirs])).toBe(false);
    const [row] = await t.db.select().from(files).where(eq(files.url, mine));
    expect(row.attachedTo).toBeNull();
    expect(await claim(formId, visitorA, [mine])).toBe(true);
  });

  it('refuses a file used twice', async () => {
    const formId = await openForm();
    const url = await uploadAs(formId, visitorA);
    expect(await claim(formId, visitorA, [url], randomUUID())).toBe(true);
    expect(await claim(formId, visitorA, [url], randomUUID())).toBe(false);
  });

  raceIt('lets only one of two simultaneous submissions claim a file', async () => {
    const formId = await openForm();
    const url = await uploadAs(formId, visitorA);
    const results = await Promise.all([claim(formId, visitorA, [url], randomUUID()), claim(formId, visitorA, [url], randomUUID())]);
    expect(results.sort()).toEqual([false, true]);
  });

  it("refuses an upload of another form, a staff upload and another enterprise's file", async () => {
    const formId = await openForm();
    const otherForm = await openForm();
    const elsewhere = await uploadAs(otherForm, visitorA);
    expect(await claim(formId, visitorA, [elsewhere])).toBe(false);

    const { payload, headers } = multipart([image()]);
    const staffUpload = await t.app.inject({ method: 'POST', url: '/UpFile/UpLoad', payload, headers: { ...headers, token: shop.token } });
    expect(await claim(formId, visitorA, [staffUpload.json().data.url])).toBe(false);

    const other = await t.registerOwner('别家店');
    const foreignForm = await openForm(other);
    const foreign = await uploadAs(foreignForm, visitorA);
    expect(await claim(foreignForm, visitorA, [foreign])).toBe(false); // claimed as shop's renter: not there
    expect(
      await inTx(ctxOf(), (tx) =>
        claimUploads(tx, {
          renterId: other.renterId,
          scope: formScope(foreignForm),
          uploader: { type: 'visitor', id: visitorA },
          urls: [foreign],
        }),
      ),
    ).toBe(true);
  });

  it('rolls back with the submission when the caller refuses after claiming', async () => {
    const formId = await openForm();
    const url = await uploadAs(formId, visitorA);
    await expect(
      inTx(ctxOf(), async (tx) => {
        expect(
          await claimUploads(tx, {
            renterId: shop.renterId,
            scope: formScope(formId),
            uploader: { type: 'visitor', id: visitorA },
            urls: [url],
          }),
        ).toBe(true);
        throw new Error('submission refused');
      }),
    ).rejects.toThrow('submission refused');
    expect(await claim(formId, visitorA, [url])).toBe(true);
  });
});
