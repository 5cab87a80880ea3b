/**
 * Sends a tap at (x, y) to the element under `cover` (a toast, a pill): the cover stops taking pointer events for the
 * look-up, and the element found is clicked (focused first when it takes focus, as a real tap would).
 */
export function forwardTapBelow(cover: Element, x: number, y: number): void {
  const style = (cover as HTMLElement).style;
  const before = style.pointerEvents;
  style.pointerEvents = 'none';
  const below = document.elementFromPoint(x, y);
  style.pointerEvents = before;
  // A dialog's own box there is its backdrop or padding: a tap on it would close the dialog, never what was meant.
  if (!(below instanceof HTMLElement) || cover.contains(below) || below instanceof HTMLDialogElement) return;
  const target =
    below.closest<HTMLElement>('button, a[href], input, select, textarea, summary, label, [role="button"], [tabindex]') ?? below;
  target.focus({ preventScroll: true });
  target.click();
}
