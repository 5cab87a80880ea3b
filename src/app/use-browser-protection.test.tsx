import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBrowserProtection } from './use-browser-protection';

function Page() {
  useBrowserProtection();
  return (
    <div>
      <p>Some text</p>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="item" />
      <input aria-label="name" />
      <textarea aria-label="notes" />
    </div>
  );
}

const key = (target: Element, init: KeyboardEventInit) => !fireEvent.keyDown(target, init);

describe('Browser protection: no right-click, dragging, selecting, or save/select-all/print/source/F12 keys', () => {
  it('blocks Ctrl/Cmd+S, A, P, U and F12 outside text fields', () => {
    const { getByText } = render(<Page />);
    const text = getByText('Some text');
    for (const letter of ['s', 'a', 'p', 'u']) {
      expect(key(text, { key: letter, ctrlKey: true })).toBe(true);
      expect(key(text, { key: letter.toUpperCase(), metaKey: true })).toBe(true);
    }
    expect(key(text, { key: 'F12' })).toBe(true);
    expect(key(text, { key: 'c', ctrlKey: true })).toBe(false);
    expect(key(text, { key: 's' })).toBe(false);
  });

  it('keeps typing and Ctrl/Cmd+A inside inputs and textareas, but still blocks save and print there', () => {
    const { getByLabelText } = render(<Page />);
    for (const field of [getByLabelText('name'), getByLabelText('notes')]) {
      expect(key(field, { key: 'a', ctrlKey: true })).toBe(false);
      expect(key(field, { key: 'a', metaKey: true })).toBe(false);
      expect(key(field, { key: 'x' })).toBe(false);
      expect(key(field, { key: 's', ctrlKey: true })).toBe(true);
      expect(fireEvent(field, new Event('selectstart', { bubbles: true, cancelable: true }))).toBe(true);
    }
  });

  it('blocks the context menu, dragging and selecting on images and text', () => {
    const { getByAltText, getByText, getByLabelText } = render(<Page />);
    const image = getByAltText('item');
    expect(fireEvent.contextMenu(image)).toBe(false);
    expect(fireEvent.dragStart(image)).toBe(false);
    expect(fireEvent(getByText('Some text'), new Event('selectstart', { bubbles: true, cancelable: true }))).toBe(false);
    expect(fireEvent.contextMenu(getByLabelText('name'))).toBe(true);
    expect(document.documentElement).toHaveClass('protected');
  });
});
