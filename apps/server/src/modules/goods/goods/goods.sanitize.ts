/**
 * An allow-list HTML sanitiser for goods descriptions (rich text from the editor). Tags outside the list are dropped
 * with their text kept; script, style and similar elements are dropped with their content; only listed attributes
 * survive, never on* handlers; href / src must be http(s), /file/ or relative, never javascript: or data:.
 */
const TAGS = new Set([
  'p',
  'br',
  'hr',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'video',
  'source',
]);
const DROP_WITH_CONTENT = /<(script|style|iframe|object|embed|noscript|template|textarea|title|xmp|svg|math)\b[\s\S]*?(<\/\1\s*>|$)/gi;
const ATTRS = new Set(['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'target', 'controls', 'poster', 'align']);
const URL_ATTRS = new Set(['href', 'src', 'poster']);
/** style is kept only for harmless text layout properties. */
const STYLE_PROP =
  /^(color|background-color|font-size|font-weight|font-style|text-align|text-decoration|line-height|width|height|max-width|margin|padding)$/i;

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function decodeEntities(v: string): string {
  return v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&amp;/gi, '&');
}

function safeUrl(v: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\nscript:").
  const url = [...decodeEntities(v)]
    .filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url);
  return !scheme || scheme[1] === 'http' || scheme[1] === 'https' || scheme[1] === 'mailto';
}

function safeStyle(v: string): string {
  return v
    .split(';')
    .map((d) => d.trim())
    .filter((d) => {
      const [prop, ...rest] = d.split(':');
      const value = rest.join(':');
      return prop && STYLE_PROP.test(prop.trim()) && !/url\(|expression|javascript|[<>\\]/i.test(value);
    })
    .join('; ');
}

const ATTR_RE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function cleanTag(name: string, attrs: string): string {
  const kept: string[] = [];
  for (const m of attrs.matchAll(ATTR_RE)) {
    const key = m[1].toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (key === 'style') {
      const style = safeStyle(decodeEntities(value));
      if (style) kept.push(`style="${escapeAttr(style)}"`);
      continue;
    }
    if (!ATTRS.has(key)) continue;
    if (URL_ATTRS.has(key) && !safeUrl(value)) continue;
    kept.push(`${key}="${escapeAttr(decodeEntities(value))}"`);
  }
  if (name === 'a' && kept.some((a) => a.startsWith('target='))) kept.push('rel="noopener noreferrer"');
  return `<${name}${kept.length ? ` ${kept.join(' ')}` : ''}>`;
}

/** The description HTML with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  const withoutBlocks = html.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(DROP_WITH_CONTENT, '');
  return withoutBlocks.replace(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>|<|>/g, (whole, close: string, rawName: string, attrs: string) => {
    if (whole === '<') return '&lt;';
    if (whole === '>') return '&gt;';
    const name = rawName.toLowerCase();
    if (!TAGS.has(name)) return '';
    return close ? `</${name}>` : cleanTag(name, attrs ?? '');
  });
}
