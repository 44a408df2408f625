import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './goods.sanitize';

describe('goods description sanitiser', () => {
  it('keeps what the console editor (TipTap) produces: strong/em, paragraphs in list items, aligned blocks, sized images', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center;"><strong>粗</strong><em>斜</em><u>下划线</u></p>' +
      '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><p><a target="_blank" href="/Goodlist">链接</a></p>' +
      '<p><img src="/file/1/a.png" alt="" style="width: 50%; max-width: 100%;"><br><img src="/file/1/b.png" alt="" style="max-width: 100%;"></p>' +
      '<blockquote><p>引用</p></blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align:center"><strong>粗</strong><em>斜</em><u>下划线</u></p>' +
        '<ul><li><p>一</p></li></ul><ol><li><p>二</p></li></ol><p><a href="/Goodlist" target="_blank" rel="noopener noreferrer">链接</a></p>' +
        '<p><img src="/file/1/a.png" alt="" style="width:50%;max-width:100%" /><br /><img src="/file/1/b.png" alt="" style="max-width:100%" /></p>' +
        '<blockquote><p>引用</p></blockquote>',
    );
  });

  it('keeps what the earlier contentEditable editor saved: headings, marks, lists, links, aligned blocks, sized images', () => {
    const html =
      '<h2>标题</h2><p style="text-align: center;"><b>粗</b><i>斜</i><u>下划线</u></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><p><a href="https://a.cn/x" target="_blank">链接</a></p>' +
      '<p><img src="/file/1/a.png" alt="图" style="max-width: 100%; width: 50%;"></p><blockquote>引用</blockquote>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>标题</h2><p style="text-align:center"><b>粗</b><i>斜</i><u>下划线</u></p>' +
        '<ul><li>一</li></ul><ol><li>二</li></ol><p><a href="https://a.cn/x" target="_blank" rel="noopener noreferrer">链接</a></p>' +
        '<p><img src="/file/1/a.png" alt="图" style="max-width:100%;width:50%" /></p><blockquote>引用</blockquote>',
    );
  });

  it('keeps tables, videos from the web, site links, mailto and the text-layout styles', () => {
    expect(sanitizeHtml('<table align="center"><tbody><tr><td colspan="2" align="right">格</td></tr></tbody></table>')).toBe(
      '<table align="center"><tbody><tr><td colspan="2" align="right">格</td></tr></tbody></table>',
    );
    expect(sanitizeHtml('<video src="https://v.cn/a.mp4" poster="/file/p.png" controls></video>')).toBe(
      '<video src="https://v.cn/a.mp4" poster="/file/p.png" controls></video>',
    );
    expect(sanitizeHtml('<a href="/h5/goods/1">看</a><a href="mailto:a@b.cn">信</a>')).toBe(
      '<a href="/h5/goods/1">看</a><a href="mailto:a@b.cn">信</a>',
    );
    expect(sanitizeHtml('<span style="color: #f00; font-weight: bold; font-size: 16px; margin: 0 auto">字</span>')).toBe(
      '<span style="color:#f00;font-weight:bold;font-size:16px;margin:0 auto">字</span>',
    );
  });

  it('removes svg with its onload and everything inside it', () => {
    expect(sanitizeHtml('<svg onload="alert(1)"><circle r="1"/><text>字</text></svg>后')).toBe('后');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg><p>留</p>')).toBe('<p>留</p>');
  });

  it('keeps an image but never its onerror, and only a src from http(s) or /file/', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img />');
    expect(sanitizeHtml('<img src="/file/a.png" onerror="alert(1)" onload="alert(2)">')).toBe('<img src="/file/a.png" />');
    expect(sanitizeHtml('<img src="//evil.cn/a.png"><img src="../a.png"><img src="data:image/png;base64,AAAA">')).toBe(
      '<img /><img /><img />',
    );
    expect(sanitizeHtml('<video src="javascript:alert(1)" poster="x.png" controls></video>')).toBe('<video controls></video>');
  });

  it('drops javascript: hrefs, also encoded, split by whitespace or in another case', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav&#x61;script:alert(1)',
      ' java\tscript:alert(1)',
      'javascript&colon;alert(1)',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">点</a>`), href).toBe('<a>点</a>');
    }
  });

  it('drops data: and other schemes in hrefs', () => {
    expect(sanitizeHtml('<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点</a>')).toBe('<a>点</a>');
    expect(sanitizeHtml('<a href="vbscript:msgbox(1)">点</a><a href="file:///etc/passwd">点</a>')).toBe('<a>点</a><a>点</a>');
  });

  it('keeps only harmless style values: no expression(), url() or unknown properties', () => {
    expect(sanitizeHtml('<p style="width: expression(alert(1)); color: red">字</p>')).toBe('<p style="color:red">字</p>');
    expect(sanitizeHtml('<p style="background-color: url(javascript:alert(1)); background-image: url(/x.png)">字</p>')).toBe('<p>字</p>');
    expect(sanitizeHtml('<p style="position: fixed; top: 0; behavior: url(x.htc); -moz-binding: url(x)">字</p>')).toBe('<p>字</p>');
  });

  it('closes broken nesting and leaves no tag an attacker could complete', () => {
    expect(sanitizeHtml('<div><p>未闭合<b>粗<i>斜</div>')).toBe('<div><p>未闭合<b>粗<i>斜</i></b></p></div>');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toMatch(/<script/i);
    expect(sanitizeHtml('<<img src=x onerror=alert(1)>>')).toBe('&lt;<img />&gt;');
    expect(sanitizeHtml('<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeHtml('<p title="a"onmouseover="alert(1)">字</p>')).toBe('<p>字</p>');
  });

  it('drops iframes, objects, forms, comments and the author’s rel, keeping the text of unknown tags', () => {
    expect(sanitizeHtml('<iframe src="https://a.cn"><p>内</p></iframe><object data="x"></object><embed src="x">外')).toBe('外');
    expect(sanitizeHtml('<form action="https://a.cn"><input value="1"><button>提交</button></form><!-- 注释 -->')).toBe('提交');
    expect(sanitizeHtml('<a href="/x" rel="opener" target="top">链</a>')).toBe('<a href="/x">链</a>');
    expect(sanitizeHtml('<font color="red"><marquee>字</marquee></font> 1 < 2 & 3')).toBe('字 1 &lt; 2 &amp; 3');
  });
});
