import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderZh } from '@/shared/test-utils';
import RichTextEditor from './rich-text-editor';

// The 素材库 picker stands in as one button that picks an image: what the editor does with the picked address is the point.
vi.mock('@/shared/media-picker', () => ({
  MediaPicker: ({ onChange }: { onChange: (urls: string[]) => void }) => (
    <button type="button" onClick={() => onChange(['/file/tea.png'])}>
      选好图片
    </button>
  ),
}));

/** The editor in a form field: its value held by the parent, each change recorded. */
function Field({ initial = '', changes }: { initial?: string; changes: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      value={value}
      onChange={(html) => {
        changes.push(html);
        setValue(html);
      }}
    />
  );
}

/**
 * Types into the editor a key at a time: ProseMirror reads what a key changed once the DOM tells it (a mutation
 * observer) and redraws; a second key user-event sends before that lands where the first one was read from.
 */
async function typeText(user: ReturnType<typeof userEvent.setup>, text: string) {
  for (const key of text) await user.keyboard(key);
}

const editorBox = () => screen.getByRole('textbox', { name: '商品详情' });
const last = (changes: string[]) => changes[changes.length - 1];

// A slow machine renders antd and ProseMirror in jsdom slowly: a generous limit, no timing asserted.
describe('the goods description editor', { timeout: 60_000 }, () => {
  it('hands the form HTML as the merchant types, bold where the caret was', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderZh(<Field changes={changes} />);
    const box = await screen.findByRole('textbox', { name: '商品详情' });
    await user.click(box);
    await typeText(user, '口感醇厚');
    expect(last(changes)).toBe('<p>口感醇厚</p>');
    await user.click(screen.getByRole('button', { name: '加粗' }));
    expect(screen.getByRole('button', { name: '加粗' }).getAttribute('aria-pressed')).toBe('true');
    await typeText(user, '陈年好茶');
    expect(last(changes)).toBe('<p>口感醇厚<strong>陈年好茶</strong></p>');
    expect(box.textContent).toBe('口感醇厚陈年好茶');
  });

  it('shows a saved description without reporting a change, and reports the first edit', async () => {
    const changes: string[] = [];
    renderZh(<Field initial='<p style="text-align: center">好喝<b>鲜奶</b></p>' changes={changes} />);
    const box = await screen.findByRole('textbox', { name: '商品详情' });
    expect(box.innerHTML).toContain('<strong>鲜奶</strong>');
    expect(changes).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: '右对齐' }));
    expect(last(changes)).toBe('<p style="text-align: right;">好喝<strong>鲜奶</strong></p>');
  });

  it('reports no change when a description saved by the earlier editor is only clicked into', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderZh(<Field initial="<ul><li>一</li></ul>" changes={changes} />);
    const box = await screen.findByRole('textbox', { name: '商品详情' });
    await user.click(box);
    // The click added the editor's empty paragraph after the list: a change of its own, not the merchant's.
    fireEvent.keyDown(box, { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 });
    expect(box.querySelectorAll('p')).toHaveLength(2);
    expect(changes).toEqual([]);
    await typeText(user, '好');
    // The merchant's first change gives the whole description, written the editor's way.
    expect(last(changes)).toMatch(/^<ul><li><p>[一好]{2}<\/p><\/li><\/ul>$/);
  });

  it('inserts the image picked in 插入图片 after the text, in a paragraph of its own, with a width to choose', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderZh(<Field changes={changes} />);
    await user.click(await screen.findByRole('textbox', { name: '商品详情' }));
    await typeText(user, '一杯好茶');
    await user.click(screen.getByRole('button', { name: '插入图片' }));
    const dialog = await screen.findByRole('dialog', { name: '插入图片' });
    expect(
      within(dialog)
        .getByRole('button', { name: /^插\s*入$/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: '选好图片' }));
    await user.click(within(dialog).getByRole('button', { name: /^插\s*入$/ }));
    expect(last(changes)).toBe('<p>一杯好茶</p><p><img src="/file/tea.png" alt="" style="max-width: 100%;"></p>');

    // The image selected (a click, or the arrow key from just after it) offers its width. jsdom lays nothing out, so
    // no click can find the image here: the arrow key selects it (with the keyCode ProseMirror reads, which
    // user-event leaves out).
    expect(screen.queryByRole('button', { name: '50%' })).toBeNull();
    fireEvent.keyDown(editorBox(), { key: 'ArrowLeft', code: 'ArrowLeft', keyCode: 37 });
    await user.click(await screen.findByRole('button', { name: '50%' }));
    expect(last(changes)).toBe('<p>一杯好茶</p><p><img src="/file/tea.png" alt="" style="width: 50%; max-width: 100%;"></p>');
    await user.click(screen.getByRole('button', { name: /删除图片/ }));
    expect(last(changes)).toBe('<p>一杯好茶</p>');
  });

  it('inserts a link at the caret: its address as the text, opening in a new page; an unsafe address is refused', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderZh(<Field changes={changes} />);
    await user.click(await screen.findByRole('textbox', { name: '商品详情' }));
    await typeText(user, '详见');
    await user.click(screen.getByRole('button', { name: '插入链接' }));
    const dialog = await screen.findByRole('dialog', { name: '插入链接' });
    const address = within(dialog).getByRole('textbox', { name: '链接地址' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('链接须以 http://、https:// 或 / 开头')).toBeTruthy();
    await user.clear(address);
    await user.type(address, '/Goodlist');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(last(changes)).toBe('<p>详见<a target="_blank" href="/Goodlist">/Goodlist</a></p>');
  });

  it('edits the HTML source, and the visual editor shows it on the way back', async () => {
    const user = userEvent.setup();
    const changes: string[] = [];
    renderZh(<Field initial="<p>旧</p>" changes={changes} />);
    await screen.findByRole('textbox', { name: '商品详情' });
    await user.click(screen.getByRole('button', { name: '源代码' }));
    expect(screen.getByRole('button', { name: '加粗' }).hasAttribute('disabled')).toBe(true);
    const source = screen.getByRole('textbox', { name: 'HTML 源代码' });
    fireEvent.change(source, { target: { value: '<h2>新标题</h2>' } });
    expect(last(changes)).toBe('<h2>新标题</h2>');
    await user.click(screen.getByRole('button', { name: '源代码' }));
    expect(editorBox().innerHTML).toContain('<h2>新标题</h2>');
  });
});
