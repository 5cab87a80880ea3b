/**
 * The hand-over from a screen the server sent already drawn (dist/prerender, for a visitor without a session) to the
 * app: the app hydrates it (React attaches to the drawn elements instead of drawing them again), and what the visitor
 * typed meanwhile, and where the cursor was, are carried across. Should the markup not match, React draws the screen
 * again over it, which the carried values and focus also survive.
 */
const typed = new Map<string, string>();
let focusedName: string | null = null;
let handingOver = false;
const followFocus = (event: FocusEvent) => {
  if (event.target instanceof HTMLInputElement && event.target.name) focusedName = event.target.name;
};

/** Reads what was typed into the drawn screen; answers whether #root held one. Call before the app renders. */
export function takeOverPrerendered(root: HTMLElement): boolean {
  if (!root.dataset.prerendered) return false;
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) if (input.value) typed.set(input.name, input.value);
  const active = document.activeElement;
  focusedName = active instanceof HTMLInputElement && root.contains(active) ? active.name : null;
  // The visitor may go on typing and moving between fields until the app has the screen.
  root.addEventListener('focusin', followFocus);
  handingOver = true;
  delete root.dataset.prerendered;
  return true;
}

/**
 * What the visitor typed into the drawn screen's field `name` ('' when nothing), until the hand-over ends. Read from
 * the drawn field itself while it is still there: React may draw a part again instead of attaching to it (a lazily
 * loaded part it meets before its code), and a field drawn again starts from this value, so what was typed after the
 * app started is kept too (an e2e run lost a password filled in that moment).
 */
export function prefilled(name: string): string {
  if (!handingOver) return '';
  const drawn = document.querySelector<HTMLInputElement>(`#root input[name="${CSS.escape(name)}"]`);
  return drawn ? drawn.value : (typed.get(name) ?? '');
}

/** Elements React has attached to carry its props under a key of this prefix (set when it hydrates or creates one). */
const ownedByReact = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/** How long the hand-over waits for React to reach every drawn element before it lets go anyway. */
const HAND_OVER_LIMIT_MS = 5_000;

/**
 * Once the app has taken the screen over: the controls that were inert until now work, the cursor goes back where it
 * was, and #root is marked `data-taken-over`. React hydrates the page's lazily loaded
 * parts in passes after its first commit, so this waits, frame by frame, until every drawn element is React's: before
 * that a control would not answer, a field would not hold what was typed, and a part would lose its styles.
 */
export function finishHandOver(): void {
  const started = performance.now();
  const finish = () => {
    const waiting = [...document.querySelectorAll('#root *')].some((element) => !ownedByReact(element));
    if (waiting && performance.now() - started < HAND_OVER_LIMIT_MS) {
      requestAnimationFrame(finish);
      return;
    }
    for (const control of document.querySelectorAll<HTMLButtonElement | HTMLSelectElement>('#root [data-inert]')) {
      control.disabled = false;
      delete control.dataset.inert;
    }
    typed.clear();
    handingOver = false;
    document.getElementById('root')?.removeEventListener('focusin', followFocus);
    if (focusedName) {
      const input = document.querySelector<HTMLInputElement>(`#root input[name="${CSS.escape(focusedName)}"]`);
      input?.focus();
      input?.setSelectionRange?.(input.value.length, input.value.length);
      focusedName = null;
    }
    document.getElementById('root')?.setAttribute('data-taken-over', '');
  };
  finish();
}
