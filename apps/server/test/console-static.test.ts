import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helper';

// Small stand-ins for apps/admin/dist and apps/shop/dist: the builds' layout (hashed assets with .br/.gz beside them,
// a page each), nothing built.
const SCRIPT = `export const greeting = ${JSON.stringify('欢迎使用商家后台 '.repeat(200))};\n`;
const SHOP_SCRIPT = `export const hello = ${JSON.stringify('欢迎光临 '.repeat(200))};\n`;
const SHOP_INDEX = `<!doctype html><html lang="zh-CN"><head><title>店铺</title><script type="module" src="/h5/assets/index-Zz12Yy34.js"></script></head><body><div id="root"></div></body></html>`;
const INDEX = `<!doctype html><html lang="zh-CN"><head><title>商家后台</title><script type="module" src="/assets/main-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
let dist: string;
let shopDist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  shopDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(shopDist, 'assets'));
  const write = (name: string, body: string, root = dist) => {
    fs.writeFileSync(path.join(root, name), body);
    fs.writeFileSync(path.join(root, `${name}.gz`), zlib.gzipSync(body));
    fs.writeFileSync(path.join(root, `${name}.br`), zlib.brotliCompressSync(body));
  };
  write('assets/index-Zz12Yy34.js', SHOP_SCRIPT, shopDist);
  write('index.html', SHOP_INDEX, shopDist);
  write('assets/main-Ab12Cd34.js', SCRIPT);
  write('index.html', INDEX);
  fs.writeFileSync(path.join(dist, 'assets/tiny-Ef56Gh78.js'), 'export {};\n'); // too small to be worth compressing
  fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, '.vite/chunks.json'), '{}');
  t = await makeApp({ config: { adminDist: dist, shopDist } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(shopDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('delivery of the console', () => {
  it('sends a hashed asset with a year of immutable caching', async () => {
    const res = await get('/assets/main-Ab12Cd34.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('sends the brotli file written at build time to a browser that accepts br', async () => {
    const res = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBe(fs.statSync(path.join(dist, 'assets/main-Ab12Cd34.js.br')).size);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const res = await get('/assets/main-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is', async () => {
    const res = await get('/assets/tiny-Ef56Gh78.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['/', '商家后台'],
    ['/index.html', '商家后台'],
    ['/login', '商家后台'],
    ['/Goods/list?page=2', '商家后台'],
    // The customer's pages (apps/shop), at every address merchants have printed as QR codes.
    ['/h5/form/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f', '<title>店铺</title>'],
    ['/h5/form/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f?order=5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e60', '<title>店铺</title>'],
    ['/h5/shop/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f/member', '<title>店铺</title>'],
    ['/h5/shop/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f', '<title>店铺</title>'],
    ['/h5/shop/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f/goods/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e60', '<title>店铺</title>'],
  ])('answers the page %s with no-cache', async (url, title) => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.body;
    expect(body).toContain(title);
  });

  it('sends the console page compressed, and revalidates it with a 304', async () => {
    const first = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/login', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it("sends the shop's hashed assets under /h5/ compressed and immutable, never the console's page for them", async () => {
    const res = await get('/h5/assets/index-Zz12Yy34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SHOP_SCRIPT);
    const page = await get('/h5/shop/5f0e7c0a-1c2b-4c3d-8e9f-0a1b2c3d4e5f/category', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toBe(SHOP_INDEX);
    expect((await get('/h5/assets/missing-00000000.js')).statusCode).toBe(404);
    // The customer side's API paths are never a page, whatever the method.
    const api = await get('/h5/Goods/GetList');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
    // Nor is the console's page ever sent for a customer address.
    expect((await get('/h5/index.html')).body).not.toContain('商家后台');
  });

  it('revalidates an unhashed file (the logo) on each use', async () => {
    const res = await get('/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("keeps the build's notes and missing assets out", async () => {
    expect((await get('/.vite/chunks.json')).statusCode).toBe(404);
    const missing = await get('/assets/missing-00000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, msg: '接口不存在', data: null });
  });
});
