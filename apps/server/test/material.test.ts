import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contract,
  DIR_GONE_MSG,
  DIR_HAS_CHILDREN_MSG,
  DIR_NAME_TAKEN_MSG,
  DIR_NOT_EMPTY_MSG,
  type EndpointMap,
  FILE_GONE_MSG,
} from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDirs, files, operLogs } from '@/db/schema';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { makeMp4 } from '@/modules/files/media.fixtures';
import { makeApp, type Person, type TestApp } from './helper';
import { raceIt } from './race';

let t: TestApp;
let dataDir: string;
let alice: Person;
let bob: Person;
/** Alice's staff: one without the 素材库 grant, one with it. */
let clerk: Person;
let designer: Person;

const M = (name: string) => `/UpFile/Material/${name}`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-material-'));
  t = await makeApp({ config: { dataDir } });
  alice = await t.registerOwner('爱丽丝花店');
  bob = await t.registerOwner('鲍勃茶铺');
  clerk = await t.addMember(alice.renterId, ['form']);
  designer = await t.addMember(alice.renterId, ['material']);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Uploads a file into a directory through /UpFile/UpLoadToDir, answering the envelope. */
async function toDir(token: string, dirId: string, data: Buffer, filename: string) {
  const { payload, headers } = multipart([
    { name: 'dirId', value: dirId },
    { name: 'file', filename, type: 'application/octet-stream', data },
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/UpFile/UpLoadToDir', payload, headers: { ...headers, token } });
  return res.json();
}

async function image(token: string, dirId: string, name: string, png = makePng(8, 6)) {
  const r = await toDir(token, dirId, png, name);
  expect(r.code).toBe(0);
  return r.data as { id: string; url: string; thumbUrl: string; dirId: string };
}

const addDir = (token: string, name: string, parentId = '0') => t.ok(M('AddDir'), { parentId, name }, token);
const logsOf = async (renterId: string, action: string) =>
  t.db
    .select()
    .from(operLogs)
    .where(and(eq(operLogs.renterId, renterId), eq(operLogs.action, action)));

describe('directories', () => {
  it('adds directories at any depth and lists them flat with their own file counts', async () => {
    const shop = await addDir(alice.token, '门店');
    const inside = await addDir(alice.token, '2025 春季', shop.id);
    const deeper = await addDir(alice.token, '海报', inside.id);
    expect(shop).toMatchObject({ name: '门店', parentId: '0', fileCount: 0 });
    expect(deeper.parentId).toBe(inside.id);
    await image(alice.token, inside.id, 'a.png');
    await image(alice.token, '0', 'root.png');

    const tree = await t.ok(M('GetTree'), {}, alice.token);
    const byName = Object.fromEntries(tree.dirs.map((d: { name: string }) => [d.name, d]));
    expect(byName['2025 春季']).toMatchObject({ parentId: shop.id, fileCount: 1 });
    expect(byName.门店.fileCount).toBe(0);
    expect(tree.rootCount).toBeGreaterThanOrEqual(1);
    expect(tree.total).toBeGreaterThanOrEqual(2);
    expect((await logsOf(alice.renterId, '新建目录')).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a name already used by a sibling, but not by a cousin or another enterprise', async () => {
    const top = await addDir(alice.token, '商品图');
    expect((await t.call(M('AddDir'), { parentId: '0', name: ' 商品图 ' }, alice.token)).body).toMatchObject({
      code: 1,
      msg: DIR_NAME_TAKEN_MSG,
    });
    await addDir(alice.token, '商品图', top.id);
    await addDir(bob.token, '商品图');
    const sibling = await addDir(alice.token, '详情图');
    const r = await t.call(M('RenameDir'), { id: sibling.id, name: '商品图' }, alice.token);
    expect(r.body).toMatchObject({ code: 1, msg: DIR_NAME_TAKEN_MSG });
  });

  raceIt('keeps sibling names unique under simultaneous adds', async () => {
    const results = await Promise.all([1, 2, 3].map(() => t.call(M('AddDir'), { parentId: '0', name: '同时新建' }, alice.token)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === DIR_NAME_TAKEN_MSG)).toHaveLength(2);
  });

  it('checks the name and the parent', async () => {
    const call = (body: object) => t.call(M('AddDir'), body, alice.token);
    expect((await call({ parentId: '0', name: '  ' })).body).toMatchObject({ code: 1001, msg: '请输入目录名称' });
    expect((await call({ parentId: '0' })).body.msg).toBe('请输入目录名称');
    expect((await call({ parentId: '0', name: 'a/b' })).body.msg).toBe('目录名称不能包含 / \\ 或控制字符');
    expect((await call({ parentId: '0', name: '长'.repeat(31) })).body.msg).toBe('目录名称不能超过30个字');
    expect((await call({ parentId: 'x', name: '坏' })).body.msg).toBe('目录格式不正确');
    const bobs = await addDir(bob.token, '鲍勃的');
    expect((await call({ parentId: bobs.id, name: '偷放' })).body).toMatchObject({ code: 1004, msg: '上级目录不存在或已删除' });
  });

  it('renames a directory and logs before and after', async () => {
    const d = await addDir(alice.token, '旧名字');
    expect((await t.call(M('RenameDir'), { id: d.id, name: '新名字' }, alice.token)).body).toMatchObject({ code: 0, msg: '重命名成功' });
    const [row] = await t.db.select().from(fileDirs).where(eq(fileDirs.id, d.id));
    expect(row.name).toBe('新名字');
    const [log] = (await logsOf(alice.renterId, '重命名目录')).filter((l) => l.recordId === d.id);
    expect([log.before, log.after]).toEqual([{ name: '旧名字' }, { name: '新名字' }]);
  });

  it('refuses to delete a directory with files or subdirectories, deletes an empty one', async () => {
    const full = await addDir(alice.token, '有文件');
    await image(alice.token, full.id, 'x.png');
    expect((await t.call(M('DelDir'), { id: full.id }, alice.token)).body).toMatchObject({ code: 1, msg: DIR_NOT_EMPTY_MSG });
    const parent = await addDir(alice.token, '有子目录');
    await addDir(alice.token, '子', parent.id);
    expect((await t.call(M('DelDir'), { id: parent.id }, alice.token)).body).toMatchObject({ code: 1, msg: DIR_HAS_CHILDREN_MSG });
    const empty = await addDir(alice.token, '空目录');
    expect((await t.call(M('DelDir'), { id: empty.id }, alice.token)).body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await t.db.select().from(fileDirs).where(eq(fileDirs.id, empty.id))).toEqual([]);
    expect((await t.call(M('DelDir'), { id: empty.id }, alice.token)).body).toMatchObject({ code: 1004, msg: DIR_GONE_MSG });
    expect((await logsOf(alice.renterId, '删除目录')).map((l) => l.recordId)).toContain(empty.id);
  });

  it("treats another enterprise's directory as missing", async () => {
    const d = await addDir(alice.token, '爱丽丝私有');
    expect((await t.call(M('RenameDir'), { id: d.id, name: '改' }, bob.token)).body).toMatchObject({ code: 1004, msg: DIR_GONE_MSG });
    expect((await t.call(M('DelDir'), { id: d.id }, bob.token)).body).toMatchObject({ code: 1004, msg: DIR_GONE_MSG });
    expect((await toDir(bob.token, d.id, makePng(), 'p.png')).msg).toBe(DIR_GONE_MSG);
    const tree = await t.ok(M('GetTree'), {}, bob.token);
    expect(tree.dirs.map((x: { id: string }) => x.id)).not.toContain(d.id);
  });
});

describe('file page', () => {
  let dir: string;
  beforeAll(async () => {
    dir = (await addDir(alice.token, '浏览测试')).id;
    await image(alice.token, dir, '苹果.png');
    await image(alice.token, dir, '香蕉.png', makePng(20, 20));
    await image(alice.token, dir, '100%_sale.png');
    expect((await toDir(alice.token, dir, makeMp4(), '宣传片.mp4')).code).toBe(0);
  });

  it("lists a directory's files with kind, thumbnail and time; '' lists all and '0' the root", async () => {
    const page = await t.ok(M('GetFilePage'), { dirId: dir, page_index: 1, page_size: 10 }, alice.token);
    expect(page.total_count).toBe(4);
    const apple = page.rows.find((r: { name: string }) => r.name === '苹果.png');
    expect(apple).toMatchObject({ kind: 'image', mime: 'image/png', width: 8, height: 6, dirId: dir, source: 'upload' });
    expect(apple.thumbUrl).toMatch(/\.thumb\.webp$/);
    expect(apple.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const all = await t.ok(M('GetFilePage'), { dirId: '' }, alice.token);
    const root = await t.ok(M('GetFilePage'), { dirId: '0', page_size: 100 }, alice.token);
    expect(all.total_count).toBeGreaterThan(page.total_count);
    expect(root.rows.every((r: { dirId: string }) => r.dirId === '0')).toBe(true);
  });

  it('filters by kind and by name (with % and _ taken literally), sorts and pages', async () => {
    const q = (body: object) => t.ok(M('GetFilePage'), { dirId: dir, ...body }, alice.token);
    expect((await q({ kind: 'video' })).rows.map((r: { name: string }) => r.name)).toEqual(['宣传片.mp4']);
    expect((await q({ kind: 'image' })).total_count).toBe(3);
    expect((await q({ keyword: '香蕉' })).rows.map((r: { name: string }) => r.name)).toEqual(['香蕉.png']);
    expect((await q({ keyword: '%_' })).rows.map((r: { name: string }) => r.name)).toEqual(['100%_sale.png']);
    const bySize = await q({ sorter: [{ field: 'size', order: 'desc' }] });
    expect(bySize.rows[0].name).toBe('宣传片.mp4');
    const p2 = await q({ page_index: 2, page_size: 3, sorter: [{ field: 'name', order: 'asc' }] });
    expect(p2).toMatchObject({ total_count: 4 });
    expect(p2.rows).toHaveLength(1);
    expect((await t.call(M('GetFilePage'), { kind: 'pdf' }, alice.token)).body.msg).toBe('文件类型不正确');
    expect((await t.call(M('GetFilePage'), { dirId: 'nope' }, alice.token)).body.msg).toBe('目录格式不正确');
  });

  it("shows another enterprise nothing of alice's", async () => {
    expect((await t.ok(M('GetFilePage'), { dirId: dir }, bob.token)).total_count).toBe(0);
    const all = await t.ok(M('GetFilePage'), { page_size: 200 }, bob.token);
    expect(all.rows.every((r: { url: string }) => r.url.startsWith(`/file/${bob.renterId}/`))).toBe(true);
  });

  it('answers one file (GetData) and the usage (GetSource)', async () => {
    const [first] = (await t.ok(M('GetFilePage'), { dirId: dir, kind: 'video' }, alice.token)).rows;
    expect(await t.ok(M('GetData'), { id: first.id }, alice.token)).toEqual(first);
    expect((await t.call(M('GetData'), { id: first.id }, bob.token)).body).toMatchObject({ code: 1004, msg: FILE_GONE_MSG });
    const use = await t.ok(M('GetSource'), {}, alice.token);
    expect(use.videos).toBeGreaterThanOrEqual(1);
    expect(use.images).toBeGreaterThanOrEqual(3);
    expect(use.bytes).toBeGreaterThan(0);
    expect(use.dirs).toBeGreaterThan(0);
  });
});

describe('move, rename, delete files', () => {
  it('moves files into a directory and back to the root, in one logged write', async () => {
    const d = await addDir(alice.token, '移动目标');
    const a = await image(alice.token, '0', 'm1.png');
    const b = await image(alice.token, '0', 'm2.png');
    expect((await t.call(M('MoveFiles'), { ids: [a.id, b.id], dirId: d.id }, alice.token)).body).toMatchObject({
      code: 0,
      msg: '移动成功',
    });
    expect((await t.ok(M('GetFilePage'), { dirId: d.id }, alice.token)).total_count).toBe(2);
    await t.ok(M('MoveFiles'), { ids: [a.id], dirId: '0' }, alice.token);
    expect((await t.ok(M('GetData'), { id: a.id }, alice.token)).dirId).toBe('0');
    expect((await logsOf(alice.renterId, '移动文件')).length).toBe(2);
  });

  it("moves nothing when one id is missing or another enterprise's, or the directory is", async () => {
    const mine = await image(alice.token, '0', 'mine.png');
    const theirs = await image(bob.token, '0', 'theirs.png');
    const d = await addDir(alice.token, '移动拒绝');
    const r = await t.call(M('MoveFiles'), { ids: [mine.id, theirs.id], dirId: d.id }, alice.token);
    expect(r.body).toMatchObject({ code: 1004, msg: FILE_GONE_MSG });
    expect((await t.ok(M('GetData'), { id: mine.id }, alice.token)).dirId).toBe('0');
    const bobDir = await addDir(bob.token, '鲍勃目录');
    expect((await t.call(M('MoveFiles'), { ids: [mine.id], dirId: bobDir.id }, alice.token)).body).toMatchObject({
      code: 1004,
      msg: DIR_GONE_MSG,
    });
    expect((await t.call(M('MoveFiles'), { ids: [], dirId: '0' }, alice.token)).body.msg).toBe('请选择文件');
  });

  it('renames a file (the url stays) and checks the name', async () => {
    const f = await image(alice.token, '0', 'before.png');
    expect((await t.call(M('RenameFile'), { id: f.id, name: '门头照' }, alice.token)).body).toMatchObject({ code: 0, msg: '重命名成功' });
    const after = await t.ok(M('GetData'), { id: f.id }, alice.token);
    expect(after).toMatchObject({ name: '门头照', url: f.url });
    expect((await t.call(M('RenameFile'), { id: f.id, name: ' ' }, alice.token)).body.msg).toBe('请输入文件名称');
    expect((await t.call(M('RenameFile'), { id: f.id, name: 'x' }, bob.token)).body).toMatchObject({ code: 1004, msg: FILE_GONE_MSG });
    const [log] = (await logsOf(alice.renterId, '重命名文件')).filter((l) => l.recordId === f.id);
    expect(log.after).toEqual({ name: '门头照' });
  });

  it('deletes files with their bytes and thumbnails; another enterprise cannot', async () => {
    const a = await image(alice.token, '0', 'd1.png');
    const b = await image(alice.token, '0', 'd2.png');
    expect((await t.call(M('DelFiles'), { ids: [a.id], dirId: '0' }, bob.token)).body).toMatchObject({ code: 1004, msg: FILE_GONE_MSG });
    expect((await t.call(M('DelFiles'), { ids: [a.id, b.id] }, alice.token)).body).toMatchObject({ code: 0, msg: '删除成功!' });
    expect(await t.db.select().from(files).where(eq(files.id, a.id))).toEqual([]);
    for (const url of [a.url, a.thumbUrl, b.url, b.thumbUrl]) {
      await expect.poll(async () => (await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const [log] = (await logsOf(alice.renterId, '删除文件')).filter((l) => l.recordId.includes(a.id));
    expect(log.before).toHaveLength(2);
  });
});

describe('thumbnails', () => {
  it('makes a 200px-wide WebP beside an uploaded PNG and serves it', async () => {
    const f = await image(alice.token, '0', 'wide.png', makePng(800, 400));
    expect(f.thumbUrl).toBe(f.url.replace(/\.png$/, '.thumb.webp'));
    const res = await t.app.inject({ method: 'GET', url: f.thumbUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
  });

  it('gives images from the console image field (UpLoad) a thumbnail too, never enlarged', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'small.png', type: 'image/png', data: makePng(50, 30) }]);
    const up = (await t.app.inject({ method: 'POST', url: '/UpFile/UpLoad', payload, headers: { ...headers, token: alice.token } })).json();
    const f = await t.ok(M('GetData'), { id: up.data.id }, alice.token);
    const thumb = await t.app.inject({ method: 'GET', url: f.thumbUrl });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 50, height: 30 });
  });
});

describe('permissions', () => {
  const materialEndpoints = Object.values(contract.files as EndpointMap).filter((e) => e.path.startsWith('/UpFile/Material/'));

  it('asks for the 素材库 grant on every Material call; uploads take an edit grant of a screen with images (forms here)', async () => {
    expect(materialEndpoints.length).toBe(13);
    for (const e of materialEndpoints) {
      expect(e.permission, e.path).toMatchObject({ menu: 'material' });
      const r = await t.call(e.path, {}, clerk.token);
      expect(r.body, e.path).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    }
    expect((await t.call(M('GetTree'), {}, designer.token)).body.code).toBe(0);
    expect((await toDir(clerk.token, '0', makePng(), 'clerk.png')).code).toBe(0);
  });

  it('answers 401 without a token on every call of the library', async () => {
    for (const e of [...materialEndpoints, contract.files.UpLoadToDir, contract.files.UpLoadBase64, contract.files.UpLoadCert]) {
      const r = await t.call(e.path, {});
      expect(r.status, e.path).toBe(401);
      expect(r.body.msg).toBe('登录信息已过期请重新登录。');
    }
  });
});
