/** Pure helpers of the goods description editor (no DOM), so they can be unit-tested. */

/** Block formats of the 段落 menu: tag → label. */
export const BLOCK_FORMATS = [
  { value: 'p', label: '正文' },
  { value: 'h2', label: '大标题' },
  { value: 'h3', label: '中标题' },
  { value: 'h4', label: '小标题' },
  { value: 'blockquote', label: '引用' },
] as const;
export type BlockFormat = (typeof BLOCK_FORMATS)[number]['value'];

/** Widths an inserted image can take (原图 drops the width and keeps only max-width). */
export const IMAGE_WIDTHS = ['100%', '75%', '50%', '25%', ''] as const;

/** True when the HTML shows nothing: no text (besides spaces) and no image or video. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|video)\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .trim();
  return text === '';
}

/** What the editor hands the form: '' for an empty editor, otherwise its HTML without empty marks or trailing empty paragraphs. */
export function normalizeHtml(html: string): string {
  if (isBlankHtml(html)) return '';
  return html
    .replace(/<(b|strong|i|em|u)><\/\1>/gi, '')
    .replace(/(<(p|div)>(<br\s*\/?>)?<\/\2>)+$/i, '')
    .trim();
}

/** Why a link address cannot be used, or null: http(s), mailto, or a path of this site. */
export function linkProblem(url: string): string | null {
  const v = url.trim();
  if (!v) return '请输入链接地址';
  if (/^(https?:\/\/[^\s/]+|mailto:[^\s]+|\/[^\s]*)/i.test(v) && !/\s/.test(v)) return null;
  return '链接须以 http://、https:// 或 / 开头';
}

/** The style of an image at this width ('' the original size), never wider than the page. */
export function imageStyle(width: string): string {
  return width ? `width: ${width}; max-width: 100%;` : 'max-width: 100%;';
}
