/**
 * The hand-over from a screen the server sent already drawn (dist/prerender, for a visitor without a session) to the
 * app: the app renders over it, so what the visitor typed meanwhile, and where the cursor was, are carried across.
 */
const typed = new Map<string, string>();
let focusedName: string | null = null;

/** Reads what was typed into the drawn screen; answers whether #root held one. Call before the app renders. */
export function takeOverPrerendered(root: HTMLElement): boolean {
  if (!root.dataset.prerendered) return false;
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) if (input.value) typed.set(input.name, input.value);
  const active = document.activeElement;
  focusedName = active instanceof HTMLInputElement && root.contains(active) ? active.name : null;
  delete root.dataset.prerendered;
  return true;
}

/** What the visitor typed into the drawn screen's field `name` ('' when nothing), until the hand-over ends. */
export function prefilled(name: string): string {
  return typed.get(name) ?? '';
}

/** After the app's first render: the cursor goes back where it was, and the drawn screen's styles are removed. */
export function finishHandOver(): void {
  typed.clear();
  if (focusedName) {
    const input = document.querySelector<HTMLInputElement>(`#root input[name="${CSS.escape(focusedName)}"]`);
    input?.focus();
    input?.setSelectionRange?.(input.value.length, input.value.length);
    focusedName = null;
  }
  for (const style of document.querySelectorAll('style[data-prerendered]')) style.remove();
}
