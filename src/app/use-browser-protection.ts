import { useEffect } from 'react';

/** Keys blocked with Ctrl or Cmd, so the pages' content is harder to copy: save, select all, print, view source. */
const BLOCKED_WITH_MODIFIER = new Set(['s', 'a', 'p', 'u']);

/** Whether an event target is a place the user types in: there selecting and Ctrl/Cmd+A keep working. */
export function isEditableTarget(target: EventTarget | null): boolean {
  const node = target instanceof Node ? target : null;
  const element = node instanceof Element ? node : node?.parentElement;
  if (!element) return false;
  if (element.closest('textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  const input = element.closest('input');
  return !!input && !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file', 'image'].includes(input.type);
}

/** Handles one keydown; exported for tests. Returns true when the key was blocked. */
export function blockProtectedKey(event: KeyboardEvent): boolean {
  if (event.key === 'F12') {
    event.preventDefault();
    return true;
  }
  if (!(event.ctrlKey || event.metaKey)) return false;
  const key = event.key.toLowerCase();
  if (!BLOCKED_WITH_MODIFIER.has(key)) return false;
  // Select-all inside a text field keeps working; S, P and U are blocked everywhere.
  if (key === 'a' && isEditableTarget(event.target)) return false;
  event.preventDefault();
  return true;
}

/**
 * The pages protect their content: no right-click menu, dragging, selecting or long-press callout, and no
 * Ctrl/Cmd+S, A, P, U or F12. Text fields stay fully usable (DESIGN: typing, selecting and Ctrl/Cmd+A keep working).
 */
export function useBrowserProtection(): void {
  useEffect(() => {
    const outsideFields = (event: Event) => {
      if (!isEditableTarget(event.target)) event.preventDefault();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      blockProtectedKey(event);
    };
    document.addEventListener('contextmenu', outsideFields);
    document.addEventListener('dragstart', outsideFields);
    document.addEventListener('selectstart', outsideFields);
    document.addEventListener('keydown', onKeyDown, true);
    document.documentElement.classList.add('protected');
    return () => {
      document.removeEventListener('contextmenu', outsideFields);
      document.removeEventListener('dragstart', outsideFields);
      document.removeEventListener('selectstart', outsideFields);
      document.removeEventListener('keydown', onKeyDown, true);
      document.documentElement.classList.remove('protected');
    };
  }, []);
}
