// What the engine journeys look for on the page, found by a script that runs inside the page (the same one in
// WebKit and Firefox): an element by its role and accessible name, as a player sees it, like Playwright's getByRole.

export type Role =
  'button' | 'link' | 'tab' | 'radio' | 'textbox' | 'dialog' | 'alertdialog' | 'group' | 'heading' | 'img' | 'text' | 'testid';

export interface Query {
  role: Role;
  /** The accessible name (for `text`: the text; for `testid`: the data-testid). */
  name: string;
  /** How the name is compared: the whole name (default), its start, or anywhere in it. */
  match?: 'exact' | 'prefix' | 'contains';
  /** Only inside the first visible element this finds. */
  within?: Query;
}

export const button = (name: string, match?: Query['match']): Query => ({ role: 'button', name, match });
export const link = (name: string, match?: Query['match']): Query => ({ role: 'link', name, match });
export const tab = (name: string, match?: Query['match']): Query => ({ role: 'tab', name, match });
export const textbox = (label: string): Query => ({ role: 'textbox', name: label });
export const text = (value: string): Query => ({ role: 'text', name: value, match: 'contains' });
export const testId = (id: string): Query => ({ role: 'testid', name: id });
export const inside = (outer: Query, inner: Query): Query => ({ ...inner, within: outer });

/**
 * Runs in the page: the first visible element matching the query, or null. Self-contained (it is sent to the page as
 * source text), so it uses nothing from outside its body.
 */
export function findInPage(query: Query): Element | null {
  const SELECTORS: Record<string, string> = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    tab: '[role="tab"]',
    radio: '[role="radio"], input[type="radio"]',
    textbox: 'input:not([type="radio"]):not([type="checkbox"]):not([type="file"]):not([type="hidden"]), textarea',
    dialog: '[role="dialog"], dialog',
    alertdialog: '[role="alertdialog"]',
    group: '[role="group"], fieldset',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, [role="img"]',
  };
  const squash = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const visible = (el: Element) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const byIds = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => squash(document.getElementById(id)?.textContent))
      .join(' ')
      .trim();
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return squash(label);
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      const labels = el.labels ? [...el.labels].map((l) => squash(l.textContent)).join(' ') : '';
      if (labels) return labels;
      if (el instanceof HTMLInputElement && (el.type === 'button' || el.type === 'submit')) return squash(el.value);
      return squash(el.getAttribute('placeholder'));
    }
    if (el instanceof HTMLImageElement) return squash(el.alt);
    if (el instanceof HTMLFieldSetElement) return squash(el.querySelector(':scope > legend')?.textContent);
    return squash(el.textContent);
  };
  const matches = (actual: string, wanted: string, how: string | undefined) =>
    how === 'prefix' ? actual.startsWith(wanted) : how === 'contains' ? actual.includes(wanted) : actual === wanted;
  const find = (q: Query, root: ParentNode): Element | null => {
    const scope = q.within ? find(q.within, root) : root;
    if (!scope) return null;
    if (q.role === 'testid') return [...scope.querySelectorAll(`[data-testid="${q.name}"]`)].find(visible) ?? null;
    if (q.role === 'text') {
      // The innermost visible element whose text has it.
      const all = [...scope.querySelectorAll('*')].filter(
        (el) => !['SCRIPT', 'STYLE'].includes(el.tagName) && matches(squash(el.textContent), q.name, q.match ?? 'contains'),
      );
      return all.reverse().find(visible) ?? null;
    }
    return [...scope.querySelectorAll(SELECTORS[q.role])].find((el) => visible(el) && matches(nameOf(el), q.name, q.match)) ?? null;
  };
  return find(query, document);
}

/** The source text of a page script that returns the element for `query`. */
// (`__name`: what a transpiler that keeps function names may have put in the function's text.)
export const findScript = (query: Query) => `const __name = (f) => f; return (${findInPage.toString()})(${JSON.stringify(query)});`;

/** A readable form of a query, for errors. */
export const describeQuery = (q: Query): string =>
  `${q.within ? `${describeQuery(q.within)} > ` : ''}${q.role} "${q.name}"${q.match && q.match !== 'exact' ? ` (${q.match})` : ''}`;
