import { describe, expect, it } from 'vitest';
import { imageStyle, isBlankHtml, linkProblem, normalizeHtml } from './rich-text';

describe('rich-text helpers', () => {
  it('treats markup without text or images as empty', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<div>&nbsp; </div>')).toBe(true);
    expect(isBlankHtml('<p><img src="/file/a.png"></p>')).toBe(false);
    expect(isBlankHtml('<p>好</p>')).toBe(false);
    expect(normalizeHtml('<p><br></p>')).toBe('');
    expect(normalizeHtml('<p></p>')).toBe('');
  });

  it('drops trailing empty paragraphs but keeps the content', () => {
    expect(normalizeHtml('<p><b>粗</b></p><p><br></p><div></div>')).toBe('<p><b>粗</b></p>');
    expect(normalizeHtml('<h2>标题</h2>')).toBe('<h2>标题</h2>');
    expect(normalizeHtml('<p><strong>粗</strong></p><p></p>')).toBe('<p><strong>粗</strong></p>');
    expect(normalizeHtml('<p>字<b></b></p><p><img src="/file/a.png"><i></i></p>')).toBe('<p>字</p><p><img src="/file/a.png"></p>');
  });

  it('accepts http(s), mailto and site paths as links, nothing else', () => {
    expect(linkProblem('')).toBe('请输入链接地址');
    expect(linkProblem('https://shop.cn/a')).toBeNull();
    expect(linkProblem('/Goodlist')).toBeNull();
    expect(linkProblem('mailto:a@b.cn')).toBeNull();
    expect(linkProblem('javascript:alert(1)')).toBe('链接须以 http://、https:// 或 / 开头');
    expect(linkProblem('shop.cn')).not.toBeNull();
    expect(linkProblem('https://a.cn/x y')).not.toBeNull();
  });

  it('keeps images no wider than the page', () => {
    expect(imageStyle('50%')).toBe('width: 50%; max-width: 100%;');
    expect(imageStyle('')).toBe('max-width: 100%;');
  });
});
