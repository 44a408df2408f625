import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import type { BlockFormat } from './rich-text';

/** The 段落 menu's value at the caret. */
export function blockOf(editor: Editor): BlockFormat {
  if (editor.isActive('blockquote')) return 'blockquote';
  for (const level of [2, 3, 4] as const) if (editor.isActive('heading', { level })) return `h${level}`;
  return 'p';
}

/** Turns the caret's block into this format (a quote holds paragraphs; leaving it lifts them out). */
export function setBlock(editor: Editor, format: BlockFormat) {
  const chain = editor.chain().focus();
  if (format !== 'blockquote' && editor.isActive('blockquote')) chain.lift('blockquote');
  if (format === 'p') chain.setParagraph();
  else if (format === 'blockquote') chain.setParagraph().setBlockquote();
  else chain.setHeading({ level: Number(format.slice(1)) as 2 | 3 | 4 });
  chain.run();
}

/** A link on the selected text, or the address itself as linked text at the caret. */
export function insertLink(editor: Editor, href: string) {
  if (editor.state.selection.empty) {
    editor
      .chain()
      .focus()
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .run();
  } else editor.chain().focus().setLink({ href }).run();
}

/** Removes the link under the caret or the selection, all of its text. */
export function removeLink(editor: Editor) {
  editor.chain().focus().extendMarkRange('link').unsetLink().run();
}

/** 清除格式: bold, italic, underline and the like go; links and the block format stay. */
export function clearFormat(editor: Editor) {
  const chain = editor.chain().focus();
  for (const mark of ['bold', 'italic', 'underline', 'strike', 'code']) chain.unsetMark(mark);
  chain.run();
}

/**
 * The picked images at the caret, one per line, in a block of their own: the caret's block is split first unless it
 * is empty. They take none of the caret's marks (a split keeps none for the text typed after them either).
 */
export function insertImages(editor: Editor, urls: string[]) {
  if (urls.length === 0) return;
  const images = urls.flatMap((src, i) => [...(i ? [{ type: 'hardBreak' }] : []), { type: 'image', attrs: { src, alt: '' } }]);
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  // A selected image or text is kept: the images go after it.
  if (!selection.empty) chain.setTextSelection(selection.to);
  const block = selection.$to.parent;
  if (!(block.isTextblock && block.content.size === 0)) chain.splitBlock({ keepMarks: false });
  chain.insertContent(images).run();
}

/** The image the merchant clicked (selected as a node), or null. */
export function selectedImage(editor: Editor): { size: string } | null {
  const { selection } = editor.state;
  if (selection instanceof NodeSelection && selection.node.type.name === 'image') return { size: selection.node.attrs.size ?? '' };
  return null;
}
