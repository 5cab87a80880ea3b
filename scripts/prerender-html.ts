/**
 * The page a signed-out screen is served as before any JavaScript runs: the app shell (dist/index.html) with the
 * screen's markup in #root and its styles in <head>. What needs JavaScript is inert until the app takes over — every
 * <button> is disabled (a disabled default button also stops Enter from submitting a form natively), inline scripts
 * are dropped (the CSP refuses them), and so is every <select> — while links work as plain links. The style tags are renamed so that the app's
 * styled-components does not adopt them as its own; the app removes them once it has rendered (src/main.tsx).
 */
export function prerenderedPage(shell: string, screen: { path: string; html: string; styles: string }): string {
  const markup = screen.html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<(button|select)\b(?![^>]*\sdisabled)/g, '<$1 disabled=""');
  const styles = screen.styles.replace(/data-styled="true"/g, 'data-prerendered="true"').replace(/\sdata-styled-version="[^"]*"/g, '');
  // The shell's #root holds only the boot splash: <div id="root"><div class="boot">…</div></div>.
  const root = /<div id="root">\s*<div class="boot"[\s\S]*?<\/div>\s*<\/div>/;
  if (!root.test(shell)) throw new Error('index.html has no <div id="root"> splash to replace');
  return shell.replace('</head>', `${styles}</head>`).replace(root, `<div id="root" data-prerendered="${screen.path}">${markup}</div>`);
}
