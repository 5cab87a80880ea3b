/** The one styled-components theme. Mobile first: sizes in rem, touch targets at least 44px. */
export const theme = {
  color: {
    bg: '#101322',
    surface: '#1a1f36',
    surfaceRaised: '#242a47',
    border: '#343b61',
    text: '#f4f5fb',
    textMuted: '#a9afcb',
    primary: '#3b5bdb',
    primaryText: '#ffffff',
    accent: '#ffc83d',
    success: '#2fbf71',
    warning: '#f5a524',
    danger: '#c62839',
    // Error text on the dark surfaces: the danger red itself reads under 3:1 there.
    dangerText: '#ff8f9b',
    info: '#3ab0ff',
    focus: '#ffd166',
  },
  radius: { sm: '8px', md: '12px', lg: '18px', pill: '999px' },
  space: (n: number) => `${n * 0.25}rem`,
  touch: '44px',
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, 'SFMono-Regular', Menlo, monospace",
  },
  breakpoint: { tablet: '768px', desktop: '1100px' },
  shadow: { card: '0 6px 24px rgba(0, 0, 0, 0.35)', dialog: '0 18px 60px rgba(0, 0, 0, 0.55)' },
} as const;

export type Theme = typeof theme;

/** Media query from the tablet width up. */
export const fromTablet = `@media (min-width: ${theme.breakpoint.tablet})`;
