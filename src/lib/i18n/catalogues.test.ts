// The message catalogues (DESIGN.md §15, issue 50): every language has every message and no other, each one compiles
// and keeps the English one's placeholders and tags, every message is used by the code, and every text the code asks
// for is in English's catalogue (a missing one would show its raw id, or fail the build in another language).
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/domain/locale';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, string>;
const player = Object.fromEntries(LOCALES.map((locale) => [locale, read(`locales/${locale}/player.json`)]));
const staff = Object.fromEntries(LOCALES.map((locale) => [locale, read(`locales/${locale}/staff.json`)]));
const server = Object.fromEntries(LOCALES.map((locale) => [locale, read(`locales/server/${locale}.json`)]));

/**
 * The `{argument}` names of an ICU message, those inside plural and select branches included — but not the branches'
 * own texts (`other {soon}` is a branch, not an argument named soon).
 */
function argumentNames(message: string): string[] {
  const names: string[] = [];
  let at = 0;
  const skipSpace = () => {
    while (/\s/.test(message[at] ?? '')) at += 1;
  };
  const word = () => {
    const start = at;
    while (at < message.length && !/[\s,{}]/.test(message[at]!)) at += 1;
    return message.slice(start, at);
  };
  // A message's text up to its closing brace (or the end), reading each argument in it.
  const text = () => {
    while (at < message.length && message[at] !== '}') {
      if (message[at] === '{') argument();
      else at += 1;
    }
  };
  const argument = () => {
    at += 1;
    skipSpace();
    names.push(word());
    skipSpace();
    if (message[at] === ',') {
      at += 1;
      skipSpace();
      const type = word();
      skipSpace();
      if (message[at] === ',') at += 1;
      if (/^(plural|select|selectordinal)$/.test(type)) {
        // Branches: `key {message}` until the argument closes.
        for (skipSpace(); at < message.length && message[at] !== '}'; skipSpace()) {
          if (message[at] === '{') {
            at += 1;
            text();
            at += 1;
          } else if (!word()) at += 1;
        }
      } else text();
    }
    at += 1;
  };
  text();
  return names;
}

/** The `{argument}` names and `<n>` tags of a message, sorted: a translation keeps the same ones. */
function placeholders(message: string): string[] {
  const args = argumentNames(message).map((name) => `{${name}}`);
  const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0]);
  return [...new Set([...args, ...tags])].sort();
}

/** A value for every argument, so each message is formatted once in every language. */
function sampleValues(message: string): Record<string, unknown> {
  return Object.fromEntries([...message.matchAll(/\{\s*(\w+)\s*([,}])/g)].map((match) => [match[1], match[2] === ',' ? 2 : 'x']));
}

/** Every .ts/.tsx file under a folder, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}
/** Every string of the client's code (literals, plain template texts, JSX attribute values), and the ids it asks for by their words. */
const literals = new Set<string>();
const asked = new Set<string>();
/** The same, for the staff screens' code (their texts may come from either catalogue; a player's only from `player`). */
const staffLiterals = new Set<string>();
const staffAsked = new Set<string>();
const STAFF_FOLDERS = /src\/features\/(admin|super-admin|catalogue)\//;
for (const file of sourceFiles(path.join(ROOT, 'src'))) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const isStaff = STAFF_FOLDERS.test(file.split(path.sep).join('/'));
  const [literals_, asked_] = isStaff ? [staffLiterals, staffAsked] : [literals, asked];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals_.add(node.text);
    // `_('…')` and `i18n._('…')`, and `<Trans id="…">`.
    if (ts.isCallExpression(node) && /^(?:_|i18n\._)$/.test(node.expression.getText(source))) {
      const first = node.arguments[0];
      if (first && ts.isStringLiteral(first)) asked_.add(first.text);
    }
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'id' && node.initializer && ts.isStringLiteral(node.initializer)) {
      const tag = node.parent.parent;
      if ((ts.isJsxSelfClosingElement(tag) || ts.isJsxOpeningElement(tag)) && tag.tagName.getText(source) === 'Trans')
        asked_.add(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/**
 * The server's code: the ids it asks for (`_('…')` in a push or a mail), and its texts — literals, and templates with
 * each `${…}` as a hole — among which the English words of the errors it throws are found (they are translated at the
 * edge by their words, server/lib/i18n/messages.ts).
 */
const serverAsked = new Set<string>();
const serverTexts: RegExp[] = [];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
for (const file of [...sourceFiles(path.join(ROOT, 'server')), ...sourceFiles(path.join(ROOT, 'src/domain'))]) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) serverTexts.push(new RegExp(`^${escapeRegExp(node.text)}$`));
    const pieces = ts.isTemplateExpression(node) ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)] : [];
    // A template of holes and a few signs (`${a} ${b}`) would pass for any message: only those with words count.
    if (/[A-Za-z]{3}/.test(pieces.join(''))) serverTexts.push(new RegExp(`^${pieces.map(escapeRegExp).join('.+')}$`, 's'));
    if (ts.isCallExpression(node) && /^(?:_|i18n\._)$/.test(node.expression.getText(source))) {
      const first = node.arguments[0];
      if (first && ts.isStringLiteral(first)) serverAsked.add(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

describe.each([
  ['player', player],
  ['staff', staff],
  ['server', server],
] as const)('the %s catalogues', (_name, catalogues) => {
  const english = catalogues.en;

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has every English message and no other, none empty', (locale) => {
    expect(Object.keys(catalogues[locale]).sort()).toEqual(Object.keys(english).sort());
    expect(Object.entries(catalogues[locale]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LOCALES)('every %s message compiles, formats, and keeps the English placeholders and tags', (locale) => {
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale, messages: catalogues[locale] });
    const wrong = Object.entries(catalogues[locale]).filter(([id, text]) => {
      const formatted = i18n._(id, sampleValues(english[id]));
      return !formatted || formatted.includes('{') || placeholders(text).join() !== placeholders(english[id]).join();
    });
    expect(wrong).toEqual([]);
  });
});

describe('the player catalogue and the code', () => {
  it('English is the source: each English message is its own id (the texts the code and the specification use)', () => {
    expect(Object.entries(player.en).filter(([id, text]) => id !== text)).toEqual([]);
  });

  it('every message is used: its id is a text in the client code', () => {
    expect(Object.keys(player.en).filter((id) => !literals.has(id) && !staffLiterals.has(id))).toEqual([]);
  });

  it('every text the code asks for by its words (`_(…)`, `i18n._(…)`, `<Trans id>`) is in the catalogue', () => {
    expect([...asked].filter((id) => !(id in player.en))).toEqual([]);
  });
});

describe('the server catalogue and the server', () => {
  it('every text a push or a mail asks for by its words (`_(…)`) is in the catalogue, as its own id', () => {
    expect([...serverAsked].filter((id) => server.en[id] !== id)).toEqual([]);
  });

  it('every message is used: asked for by its id, or its English words (a value for each placeholder) are a text the server writes', () => {
    const unused = Object.entries(server.en).filter(([id, text]) => {
      if (serverAsked.has(id)) return false;
      // A placeholder stands for any value, even one the code builds of two (`${req.method} ${path}`).
      const sample = text.replace(/''/g, "'").replace(/\{\w+\}/g, 'x x');
      return !serverTexts.some((pattern) => pattern.test(sample));
    });
    expect(unused).toEqual([]);
  });
});

describe('the staff catalogue and the staff screens', () => {
  it('English is the source: each English message is its own id', () => {
    expect(Object.entries(staff.en).filter(([id, text]) => id !== text)).toEqual([]);
  });

  it('no message is in both catalogues (the player one is always loaded, so a staff screen can read its texts)', () => {
    expect(Object.keys(staff.en).filter((id) => id in player.en)).toEqual([]);
  });

  it('every message is used by a staff screen', () => {
    expect(Object.keys(staff.en).filter((id) => !staffLiterals.has(id))).toEqual([]);
  });

  it('every text a staff screen asks for is in the staff or the player catalogue', () => {
    expect([...staffAsked].filter((id) => !(id in staff.en) && !(id in player.en))).toEqual([]);
  });
});

describe('plural forms', () => {
  const ITEMS = '{count, plural, one {# item} other {# items}}';
  it.each([
    ['en', '1 item', '3 items'],
    ['es', '1 objeto', '3 objetos'],
    ['pt-BR', '1 item', '3 itens'],
  ] as const)('%s: one and other', (locale, one, other) => {
    const i18n = setupI18n();
    i18n.setMessagesCompiler(compileMessage);
    i18n.loadAndActivate({ locale, messages: player[locale] });
    expect([i18n._(ITEMS, { count: 1 }), i18n._(ITEMS, { count: 3 })]).toEqual([one, other]);
  });
});
