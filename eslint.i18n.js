// No raw text in the JSX of the screens moved to the message catalogues (DESIGN.md §15, issue 50): a text a person
// reads is `_('…')` or `<Trans id="…">` (src/lib/i18n), so it is in every language's catalogue. JSX text children
// are refused (react/jsx-no-literals), and so are words written straight into the props that show them.
import react from 'eslint-plugin-react';

/** The folders whose screens read their texts from the catalogues. */
export const CONVERTED = [
  'src/features/auth/**/*.tsx',
  'src/features/account/**/*.tsx',
  'src/features/home/**/*.tsx',
  'src/features/sell/**/*.tsx',
  'src/features/shop/**/*.tsx',
  'src/features/cart/**/*.tsx',
  'src/features/inbox/**/*.tsx',
  'src/features/notifications/**/*.tsx',
  'src/features/install/**/*.tsx',
  'src/features/offline/**/*.tsx',
  'src/features/signin/**/*.tsx',
  'src/features/admin/**/*.tsx',
  'src/components/**/*.tsx',
  'src/routes/**/*.tsx',
  'src/features/super-admin/**/*.tsx',
  'src/features/catalogue/**/*.tsx',
];

/** Not yet converted: none — every screen reads its texts from the catalogues (kept for a screen added before its texts are). */
export const NOT_YET_CONVERTED = [];

/** Props that show their value to a person (as text or to a screen reader). */
const SHOWN_PROPS = /^(label|title|subtitle|placeholder|aria-label|hint|alt|description|text|heading|message|confirmLabel|cancelLabel)$/;

export const i18nLint = {
  files: CONVERTED,
  ignores: [...NOT_YET_CONVERTED, '**/*.test.tsx'],
  plugins: { react },
  rules: {
    'react/jsx-no-literals': [
      'error',
      {
        noStrings: false,
        ignoreProps: true,
        allowedStrings: ['·', '—', '–', '×', '✓', '/', ':', '(', ')', '+', '−', '…', '•', '$', '.', '←', '1', '2', '3', '404'],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: `JSXAttribute[name.name=${SHOWN_PROPS}] > Literal[value=/[A-Za-z]{2}/]`,
        message: "A text a person reads comes from the catalogues: _('…') (src/lib/i18n/react.ts).",
      },
      {
        selector: `JSXAttribute[name.name=${SHOWN_PROPS}] > JSXExpressionContainer > Literal[value=/[A-Za-z]{2}/]`,
        message: "A text a person reads comes from the catalogues: _('…') (src/lib/i18n/react.ts).",
      },
    ],
  },
};
