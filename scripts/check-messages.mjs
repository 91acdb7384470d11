// npm run check-messages (and npm test's checks): the interface's texts (issue 37), checked in every
// storefront app that owns a catalogue (<app>/src/messages/<locale>.ts):
// - each locale's catalogue has the English one's keys, no fewer and no more;
// - each message parses as ICU, with the same placeholders and tags in every locale;
// - every key is used by the app's code (a key is written whole, as a string, where it is used);
// - no UI text is written outside a catalogue: JSX text, and string literals in aria-label, placeholder,
//   title, alt and label props, and in toast calls (notify.*, notifyPromise), in the apps' .tsx files.
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { tsImport } from 'tsx/esm/api';
import ts from 'typescript';
import { root } from './apps.mjs';

/** The apps whose interface is the storefront's (the back office, mfe-admin, stays English: issue 37). */
export const APPS = ['shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account'];
const LOCALES = ['en', 'fr'];
/** Props whose text a visitor reads or hears. */
const TEXT_PROPS = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label', 'aria-valuetext', 'data-label']);
/**
 * Texts that are the same in every language: the brand (the logo's two words), a postal address, a phone
 * number, an e-mail address. Anything else written in the code is a text to put in a catalogue.
 */
const SAME_IN_EVERY_LANGUAGE = new Set(['Aurelia', 'Jewels', 'Aurelia Jewels', '14 Rue de la Paix', '75002 Paris, France', '+33 1 42 00 00 00', 'hello@aureliajewels.example']);
/** A developer's page, not the shop's: the host a remote's team runs it alone in. */
const DEVELOPER_PAGES = new Set(['shared/src/StandaloneHost.tsx']);
const checkedForTexts = (file) => !DEVELOPER_PAGES.has(file);
const hasWords = (text) => /\p{L}{2,}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

function files(dir, keep) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'test', 'testing', 'messages'].includes(e.name) ? [] : files(p, keep);
    return keep(e.name) ? [p] : [];
  });
}
const sourceFiles = (app) => files(path.join(root, app, 'src'), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name));

/** A message's placeholders and tags ("count", "<strong>"), sorted. */
function partsOf(message) {
  const found = new Set();
  const walk = (elements) => {
    for (const el of elements) {
      if (el.type === TYPE.tag) {
        found.add(`<${el.value}>`);
        walk(el.children);
      } else if (el.type !== TYPE.literal && el.type !== TYPE.pound) found.add(el.value);
      if (el.options) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

async function catalogueProblems(app) {
  const dir = path.join(root, app, 'src', 'messages');
  if (!fs.existsSync(path.join(dir, 'en.ts'))) return [`${app}: no catalogue (src/messages/en.ts)`];
  const problems = [];
  const catalogues = {};
  for (const locale of LOCALES) {
    const module = await tsImport(path.join(dir, `${locale}.ts`), import.meta.url);
    catalogues[locale] = module.default?.default ?? module.default;
  }
  const keys = Object.keys(catalogues.en);
  for (const locale of LOCALES) {
    const own = Object.keys(catalogues[locale]);
    for (const key of keys) if (!own.includes(key)) problems.push(`${app}/${locale}: missing ${key}`);
    for (const key of own) if (!keys.includes(key)) problems.push(`${app}/${locale}: ${key} is not in the English catalogue`);
    for (const key of own.filter((k) => keys.includes(k))) {
      try {
        const [mine, english] = [partsOf(catalogues[locale][key]), partsOf(catalogues.en[key])];
        if (mine.join() !== english.join()) problems.push(`${app}/${locale}: ${key} has {${mine}} where English has {${english}}`);
      } catch (error) {
        problems.push(`${app}/${locale}: ${key} is not an ICU message (${error.message})`);
      }
    }
  }
  const code = sourceFiles(app).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
  for (const key of keys) if (!code.includes(`'${key}'`) && !code.includes(`"${key}"`)) problems.push(`${app}: ${key} is used nowhere`);
  return problems;
}

/** UI texts written in the code of one .tsx file. */
function textsOutside(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const report = (node, text) => found.push(`${path.relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: "${text.trim().slice(0, 60)}"`);
  const literalText = (node) => (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.getText() : null);
  /** String literals with words inside an expression (both branches of a ?:, a template). */
  const wordyLiterals = (node, out = []) => {
    const text = literalText(node);
    // `'code' in promo` names a property, not a text.
    const aKey = node.parent && ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === ts.SyntaxKind.InKeyword;
    if (text !== null && !aKey && hasWords(text.replace(/\$\{[^}]*\}/g, ''))) out.push([node, text]);
    else if (!ts.isCallExpression(node)) ts.forEachChild(node, (child) => wordyLiterals(child, out));
    return out;
  };
  const visit = (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init) && hasWords(init.text)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) for (const [n, text] of wordyLiterals(init.expression)) report(n, text);
    }
    if (ts.isJsxExpression(node) && node.expression && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const [n, text] of wordyLiterals(node.expression)) report(n, text);
    }
    if (ts.isCallExpression(node) && /^(notify\.\w+|notifyPromise)$/.test(node.expression.getText())) {
      for (const arg of node.arguments) for (const [n, text] of wordyLiterals(arg)) report(n, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export async function checkMessages(apps = APPS) {
  const problems = [];
  for (const app of apps) {
    problems.push(...(await catalogueProblems(app)));
    for (const file of sourceFiles(app).filter((f) => f.endsWith('.tsx') && checkedForTexts(path.relative(root, f)))) problems.push(...textsOutside(file).map((p) => `${p} is written outside a catalogue`));
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkMessages(process.argv.slice(2).length ? process.argv.slice(2) : APPS);
  if (problems.length) {
    console.error(`${problems.join('\n')}\n${problems.length} problem(s) with the interface's texts: see scripts/check-messages.mjs`);
    process.exit(1);
  }
  console.log('messages: every catalogue complete, used, and alike in its placeholders; no text outside them');
}
