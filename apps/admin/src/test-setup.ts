// Browser APIs that antd expects and jsdom lacks or implements partially.
import '@ant-design/v5-patch-for-react-19';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library only cleans up by itself when vitest globals are on; they are not.
afterEach(() => cleanup());

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// jsdom throws "Not implemented" for pseudo-element styles (antd measures '::-webkit-scrollbar').
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

window.scrollTo = vi.fn();
Element.prototype.scrollIntoView = vi.fn();

// ProseMirror (the goods description editor) measures the caret to scroll it into view; jsdom lays nothing out.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const zeroRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = zeroRect;
Element.prototype.getClientRects = noRects;
document.elementFromPoint = () => null;
