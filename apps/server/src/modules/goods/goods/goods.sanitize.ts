import sanitize from 'sanitize-html';

/**
 * The goods description HTML (rich text from the editor) through `sanitize-html` with an explicit allow-list: tags
 * outside the list are dropped with their text kept; script, style, iframe, svg and the like are dropped with their
 * content; each tag keeps only its listed attributes (never on* handlers); links are http(s), mailto or relative;
 * images and videos come only from http(s) or the product's own /file/ urls; `style` keeps only text-layout
 * properties whose values match plain lengths, colours and keywords (no url(), expression(), or anything else).
 */
const TAGS = [
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
];

/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
  'option',
];

const SIZE = '(?:0|\\d+(?:\\.\\d+)?(?:px|em|rem|%|pt|vw)|auto)';
const LENGTH = new RegExp(`^${SIZE}$`, 'i');
const BOX = new RegExp(`^${SIZE}(?:\\s+${SIZE}){0,3}$`, 'i');
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*(?:,\s*\d{1,3}%?\s*){2}(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]+$/i];
const STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': [LENGTH, /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'text-decoration': [/^(?:none|underline|line-through|overline)(?:\s+(?:underline|line-through|overline))*$/i],
  'line-height': [LENGTH, /^(?:normal|\d+(?:\.\d+)?)$/i],
  width: [LENGTH],
  height: [LENGTH],
  'max-width': [LENGTH, /^none$/i],
  margin: [BOX],
  padding: [BOX],
};

/** Where an image or a video may come from: the web over http(s), or this product's own stored files. */
const MEDIA_URL = /^(?:https?:\/\/[^\s/]|\/file\/)/i;
const ALIGN = new Set(['left', 'right', 'center', 'justify']);

/** Drops a media url from elsewhere (relative paths, protocol-relative hosts) and an align with a made-up value. */
function media(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  for (const key of ['src', 'poster']) if (key in attribs && !MEDIA_URL.test(attribs[key].trim())) delete attribs[key];
  return aligned(tagName, attribs);
}

function aligned(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  if ('align' in attribs && !ALIGN.has(attribs.align.trim().toLowerCase())) delete attribs.align;
  return { tagName, attribs };
}

/** A link opening a new page never hands that page a way back (rel is ours, never the author's). */
function link(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  const { rel: _authors, target, ...rest } = attribs;
  const kept: sanitize.Attributes = rest;
  if (target === '_blank' || target === '_self') kept.target = target;
  if (kept.target === '_blank') kept.rel = 'noopener noreferrer';
  return { tagName, attribs: kept };
}

const BLOCK_ATTRS = ['style', 'align'];
const OPTIONS: sanitize.IOptions = {
  allowedTags: TAGS,
  nonTextTags: DROP_WITH_CONTENT,
  disallowedTagsMode: 'discard',
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'align'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    source: ['src'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    ...Object.fromEntries(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table'].map((t) => [t, BLOCK_ATTRS])),
  },
  allowedStyles: { '*': STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster'],
  transformTags: {
    a: link,
    img: media,
    video: media,
    source: media,
    ...Object.fromEntries(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'td', 'th'].map((t) => [t, aligned])),
  },
};

/** The description HTML with everything outside the allow-list removed. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
