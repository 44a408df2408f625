import { describe, expect, it } from 'vitest';
import { checkList, urlsFromFile } from './url-list';

describe('checkList', () => {
  it('counts distinct addresses and names the lines the server would refuse', () => {
    const r = checkList('https://a.com/1.png\n\nftp://a.com/2.png\nhttps://a.com/1.png\nnot a url\n');
    expect(r).toEqual({
      count: 3,
      duplicates: 1,
      errors: ['第3行：只能转存 http 或 https 地址的图片', '第5行：图片地址格式不正确'],
    });
  });

  it('refuses more than 500 distinct addresses', () => {
    const text = Array.from({ length: 501 }, (_, i) => `https://a.com/${i}.png`).join('\n');
    expect(checkList(text).errors).toEqual(['一次最多转存500张图片']);
  });
});

describe('urlsFromFile', () => {
  it('reads a plain list and the address cells of a CSV export', () => {
    expect(urlsFromFile('\uFEFFhttps://a.com/1.png\r\n\r\nhttp://a.com/2.jpg\n')).toEqual(['https://a.com/1.png', 'http://a.com/2.jpg']);
    expect(urlsFromFile('名称,图片\n"商品1","https://a.com/1.png"\n商品2,https://a.com/2.png;https://a.com/3.png\n')).toEqual([
      'https://a.com/1.png',
      'https://a.com/2.png',
      'https://a.com/3.png',
    ]);
  });
});
