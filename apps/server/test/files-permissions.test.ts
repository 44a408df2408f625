// Every file call needs the grant of the screen it serves (issue 12 item 4): image uploads an edit grant of the
// 素材库 or of a screen with image fields, deleting a file the 素材库's delete, certificates 支付方式's edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { makeApp, type Person, type TestApp } from './helper';

let t: TestApp;
let dataDir: string;
let owner: Person;
/** A role that only views goods. */
let viewer: Person;
/** Edits goods (whose screen has image fields), nothing of the 素材库. */
let goodsEditor: Person;
/** Views and deletes in the 素材库. */
let librarian: Person;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-perm-'));
  t = await makeApp({ config: { dataDir } });
  owner = await t.registerOwner('文件权限店');
  viewer = await t.addMember(owner.renterId, ['Goodlist'], { exact: true });
  goodsEditor = await t.addMember(owner.renterId, ['Goodlist', 'Goodlist:edit'], { exact: true });
  librarian = await t.addMember(owner.renterId, ['material', 'material:delete'], { exact: true });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function upload(url: string, token: string, data = makePng(), extra: { name: string; value: string }[] = []) {
  const { payload, headers } = multipart([...extra, { name: 'file', filename: 'a.png', type: 'image/png', data }]);
  return (await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, token } })).json();
}
const base64 = (token: string) => t.call('/UpFile/UpLoadBase64', { data: `data:image/png;base64,${makePng().toString('base64')}` }, token);
const FORBIDDEN = { code: 1003, msg: '没有权限执行此操作' };

describe('a role that only views goods', () => {
  it('cannot upload, delete or store certificates', async () => {
    const mine = await upload('/UpFile/UpLoad', owner.token);
    expect(mine.code).toBe(0);
    expect(await upload('/UpFile/UpLoad', viewer.token)).toMatchObject(FORBIDDEN);
    expect(await upload('/UpFile/UpLoadToDir', viewer.token, makePng(), [{ name: 'dirId', value: '0' }])).toMatchObject(FORBIDDEN);
    expect(await upload('/UpFile/UpLoadCert', viewer.token, Buffer.from('x'))).toMatchObject(FORBIDDEN);
    expect((await base64(viewer.token)).body).toMatchObject(FORBIDDEN);
    expect((await t.call('/UpFile/DelFile', { id: mine.data.id }, viewer.token)).body).toMatchObject(FORBIDDEN);
    // Its screen shows images: it may read their names.
    expect((await t.call('/UpFile/GetFileName', { ids: [mine.data.id] }, viewer.token)).body.code).toBe(0);
  });
});

describe('a role that edits goods', () => {
  it('uploads images for its fields, but deletes nothing and stores no certificate', async () => {
    const up = await upload('/UpFile/UpLoadToDir', goodsEditor.token, makePng(), [{ name: 'dirId', value: '0' }]);
    expect(up.code).toBe(0);
    expect((await upload('/UpFile/UpLoad', goodsEditor.token)).code).toBe(0);
    expect((await base64(goodsEditor.token)).body.code).toBe(0);
    expect(await upload('/UpFile/UpLoadCert', goodsEditor.token, Buffer.from('x'))).toMatchObject(FORBIDDEN);
    expect((await t.call('/UpFile/DelFile', { id: up.data.id }, goodsEditor.token)).body).toMatchObject(FORBIDDEN);
    // The 素材库 delete grant deletes it.
    expect((await t.call('/UpFile/DelFile', { id: up.data.id }, librarian.token)).body).toMatchObject({ code: 0 });
  });
});

describe('a role of the 素材库 that may delete but not edit', () => {
  it('cannot upload', async () => {
    expect(await upload('/UpFile/UpLoad', librarian.token)).toMatchObject(FORBIDDEN);
    expect((await base64(librarian.token)).body).toMatchObject(FORBIDDEN);
  });
});
