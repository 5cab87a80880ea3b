/**
 * The colours of each appearance (issue 30 item 14: light mode). Components read `theme.color.x`, which is a CSS
 * variable: the global stylesheet defines the dark values, the light ones under prefers-color-scheme, and the
 * player's choice in Account (`data-theme` on <html>) wins over both, so a switch repaints without drawing React again.
 * Every text colour reaches 4.5:1 on the surfaces and on a badge's 14% tint of its own colour (axe, both themes).
 */
export const palettes = {
  dark: {
    bg: '#101322',
    surface: '#1a1f36',
    surfaceRaised: '#242a47',
    border: '#343b61',
    text: '#f4f5fb',
    textMuted: '#a9afcb',
    primary: '#3b5bdb',
    primaryText: '#ffffff',
    // The primary blue as text: the fill colour itself reads 2.2:1 on the dark surfaces (the "approved" badge).
    primaryInk: '#a5b8ff',
    accent: '#ffc83d',
    // The yellow of filled accents (cart button, bubbles), the same in both appearances, and the text on it.
    accentFill: '#ffc83d',
    onAccent: '#1b1400',
    success: '#2fbf71',
    // Text on a success fill: dark on the bright green, white on the light appearance's deep green.
    onSuccess: '#06210f',
    warning: '#f5a524',
    danger: '#c62839',
    // Error text on the dark surfaces: the danger red itself reads under 3:1 there.
    dangerText: '#ff8f9b',
    dangerSurface: '#3a1520',
    info: '#3ab0ff',
    focus: '#ffd166',
    backdrop: 'rgba(5, 7, 15, 0.7)',
  },
  light: {
    bg: '#eef0f7',
    surface: '#ffffff',
    surfaceRaised: '#f6f7fb',
    border: '#c9cee0',
    text: '#141829',
    textMuted: '#4a5170',
    primary: '#3451c9',
    primaryText: '#ffffff',
    primaryInk: '#2c44b0',
    accent: '#7a5000',
    accentFill: '#ffc83d',
    onAccent: '#1b1400',
    success: '#136b36',
    onSuccess: '#ffffff',
    warning: '#8a5200',
    danger: '#c62839',
    dangerText: '#b01e30',
    dangerSurface: '#fde8ea',
    info: '#0a5f99',
    focus: '#1f47d6',
    backdrop: 'rgba(20, 24, 40, 0.45)',
  },
} as const;

export type ColorName = keyof (typeof palettes)['dark'];
export type Appearance = keyof typeof palettes;

/** The CSS variable holding a colour. */
export const colorVar = (name: ColorName) => `--c-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const color = Object.fromEntries(Object.keys(palettes.dark).map((name) => [name, `var(${colorVar(name as ColorName)})`])) as {
  readonly [K in ColorName]: string;
};

/** The one styled-components theme. Mobile first: sizes in rem, touch targets at least 44px. */
export const theme = {
  color,
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

/** The declarations `--c-bg: #101322; …` of one appearance. */
export function paletteDeclarations(appearance: Appearance): string {
  return Object.entries(palettes[appearance])
    .map(([name, value]) => `${colorVar(name as ColorName)}: ${value};`)
    .join(' ');
}
