import type { Page } from 'playwright-core';

/**
 * What sticks out sideways on the screen: the page wider than the viewport, an open dialog wider than itself, any
 * visible element reaching past the viewport's edge that no clipping or scrolling box holds, or a button label wider
 * than its button. `ignore` (a CSS selector) leaves out buttons inside what another change lays out. Empty when nothing does.
 */
export function sidewaysOverflow(page: Page, options: { ignore?: string } = {}): Promise<string[]> {
  return page.evaluate((ignore) => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > width)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        problems.push(`${name(dialog)} scrolls sideways (${dialog.scrollWidth} > ${dialog.clientWidth})`);
    }
    const held = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          if (box.right <= width + 1 && box.left >= -1) return true;
        }
      }
      return false;
    };
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (getComputedStyle(element).position === 'fixed' && box.left >= width) continue;
      if (!held(element))
        problems.push(`${name(element)} reaches ${Math.round(box.left)}..${Math.round(box.right)} on a ${width}px screen`);
    }
    // A label wider than its button spills over its neighbours without widening anything. Badges placed on purpose
    // over a corner (absolutely positioned) are not labels.
    for (const button of document.querySelectorAll(`button, a[role="button"]`)) {
      if (ignore && button.closest(ignore)) continue;
      const box = button.getBoundingClientRect();
      if (box.width <= 1) continue;
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (!text.textContent?.trim()) continue;
        let placed = false;
        for (let parent = text.parentElement; parent && parent !== button; parent = parent.parentElement) {
          if (['absolute', 'fixed'].includes(getComputedStyle(parent).position)) placed = true;
        }
        if (placed) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const label = range.getBoundingClientRect();
        if (label.width > 0 && (label.left < box.left - 1 || label.right > box.right + 1)) {
          problems.push(`${name(button)} label spills out of its button (${Math.round(label.width)}px in ${Math.round(box.width)}px)`);
          break;
        }
      }
    }
    return problems.slice(0, 10);
  }, options.ignore ?? null);
}
