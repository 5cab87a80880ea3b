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

/** The `{argument}` names and `<n>` tags of a message, sorted: a translation keeps the same ones. */
function placeholders(message: string): string[] {
  const args = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((match) => `{${match[1]}}`);
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
