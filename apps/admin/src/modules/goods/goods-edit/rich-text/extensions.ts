import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { imageStyle } from './rich-text';

/**
 * An image as descriptions have always stored it: inline in a paragraph (several picked at once are separated by
 * line breaks), its width in the style, never wider than the page: `<img src alt style="width: 50%; max-width: 100%;">`.
 */
const SizedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      size: {
        default: '',
        parseHTML: (el: HTMLElement) => el.style.width || '',
        renderHTML: (attrs: { size?: string }) => ({ style: imageStyle(attrs.size ?? '') }),
      },
    };
  },
}).configure({ inline: true });

/**
 * What the description editor knows. The toolbar offers 正文 / h2–h4 / 引用, bold, italic, underline, lists, links,
 * images and alignment; the other StarterKit nodes and marks (h1, h5, h6, strike, code, rule) stay in the schema so a
 * description imported or written in the source view keeps them once edited here.
 */
export function editorExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      // Links open only from the shop; typing a web address leaves it text, as before.
      link: { openOnClick: false, autolink: false, HTMLAttributes: { target: '_blank', rel: null } },
    }),
    SizedImage,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
    Placeholder.configure({ placeholder }),
  ];
}
