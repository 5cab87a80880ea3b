import { paletteDeclarations, type theme as Theme } from '../components/theme.ts';

/**
 * The page's global styles, written into index.html's <head> by the build (vite.config.ts), so they are a static
 * stylesheet: in the app as a styled-components global style they were compiled in a layout effect on every start,
 * ~33 ms of a long task at 4× CPU (a CPU profile of a cold '/'). Plain CSS: no nesting, the theme's values only.
 */
export const globalCss = (theme: typeof Theme): string => `
  *, *::before, *::after { box-sizing: border-box; }
  :root { ${paletteDeclarations('dark')} color-scheme: dark; }
  @media (prefers-color-scheme: light) {
    :root:not([data-theme='dark']) { ${paletteDeclarations('light')} color-scheme: light; }
  }
  :root[data-theme='light'] { ${paletteDeclarations('light')} color-scheme: light; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-height: 100dvh;
    background: ${theme.color.bg};
    color: ${theme.color.text};
    font-family: ${theme.font.body};
    font-size: 16px;
    line-height: 1.45;
    -webkit-tap-highlight-color: transparent;
    overscroll-behavior-y: none;
    /* A word longer than its line (a typed item name, an e-mail address) wraps instead of widening the page. */
    overflow-wrap: break-word;
  }
  /* Installed on a phone (viewport-fit=cover, a translucent status bar) nothing hides under the notch or the rounded
     corners: the bottom is kept clear by each bar and sheet that sits there. Zero in a browser tab. */
  #root {
    min-height: 100dvh; display: flex; flex-direction: column;
    padding: env(safe-area-inset-top) env(safe-area-inset-right) 0 env(safe-area-inset-left);
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  button { cursor: pointer; }
  img { max-width: 100%; display: block; -webkit-user-drag: none; user-select: none; -webkit-touch-callout: none; }
  /* The pages protect their content: no selecting outside text fields. */
  html.protected body { -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; }
  html.protected input, html.protected textarea, html.protected [contenteditable='true'] { -webkit-user-select: text; user-select: text; -webkit-touch-callout: default; }
  :focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  h1, h2, h3 { line-height: 1.2; margin: 0; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
