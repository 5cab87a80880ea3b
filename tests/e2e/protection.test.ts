// Browser protection in real Chromium: right-click, dragging, selecting and the blocked keys are refused outside
// text fields, and text fields keep working.
import { describe, expect, it } from 'vitest';
import { useAppUnderTest } from '../support/app-under-test';
import { PHONE } from '../support/browser';

const app = useAppUnderTest();

describe('browser protection', () => {
  it('blocks Ctrl/Cmd+S, A, P, U, F12, right-click, dragging and selecting images; inputs keep typing, selecting and Ctrl+A', async () => {
    const context = await app.browser.newContext({ baseURL: app.server.url, viewport: PHONE, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      const username = page.getByLabel('Username');
      await username.waitFor();
      // /login is drawn before its code arrives; the protection is the app's, so the probes wait for it to take over.
      await page.locator('#root[data-taken-over]').waitFor({ state: 'attached' });
      // An image like the shop's and sell's, and a record of which keys the page let through.
      await page.evaluate(() => {
        const img = document.createElement('img');
        img.alt = 'probe';
        img.src = '/icons/icon-192.png';
        document.body.prepend(img);
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        window.addEventListener(
          'keydown',
          (e) =>
            ['Control', 'Meta'].includes(e.key) ||
            seen.push(`${e.ctrlKey || e.metaKey ? 'mod+' : ''}${e.key.toLowerCase()}:${e.defaultPrevented ? 'blocked' : 'allowed'}`),
        );
      });
      const seen = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen.splice(0));

      await page.locator('body').click({ position: { x: 5, y: 5 } });
      for (const key of ['Control+s', 'Control+a', 'Control+p', 'Control+u', 'Meta+s', 'F12']) await page.keyboard.press(key);
      expect(await seen()).toEqual(['mod+s:blocked', 'mod+a:blocked', 'mod+p:blocked', 'mod+u:blocked', 'mod+s:blocked', 'f12:blocked']);
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');

      const probe = page.getByAltText('probe');
      const cancelled = (type: string) =>
        probe.evaluate((img, t) => !img.dispatchEvent(new MouseEvent(t, { bubbles: true, cancelable: true })), type);
      expect(await cancelled('contextmenu')).toBe(true);
      expect(await probe.evaluate((img) => !img.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true })))).toBe(true);
      expect(await probe.evaluate((img) => !img.dispatchEvent(new Event('selectstart', { bubbles: true, cancelable: true })))).toBe(true);
      const imgStyle = await probe.evaluate((img) => {
        const style = getComputedStyle(img) as CSSStyleDeclaration & { webkitUserDrag?: string };
        return { select: style.userSelect, drag: style.webkitUserDrag };
      });
      // (-webkit-touch-callout: none is set in global-style.ts too, but only iOS Safari knows that property.)
      expect(imgStyle).toEqual({ select: 'none', drag: 'none' });

      // Inside a text field: typing, Ctrl+A selecting everything and the context menu keep working.
      await username.fill('');
      await username.pressSequentially('player_one');
      await page.keyboard.press('Control+a');
      expect(await seen()).toContain('mod+a:allowed');
      expect(await username.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 10]);
      await page.keyboard.type('x');
      await expect.poll(() => username.inputValue()).toBe('x');
      expect(
        await username.evaluate((input) => !input.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))),
      ).toBe(false);
      expect(await username.evaluate((input) => getComputedStyle(input).userSelect)).toBe('text');
    } finally {
      await context.close();
    }
  });
});
