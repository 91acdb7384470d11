import { escapeHtml } from '@shop/contract';

// Everything a template puts into MJML goes through `mjml\`...\``: an interpolated string is escaped, only
// Markup (what a template wrote itself) goes in as it is. So a name, a title, an address or a message can
// never become markup, and forgetting to escape is not possible by omission.

/** MJML or HTML the templates wrote (or text already escaped). */
export class Markup {
  constructor(readonly value: string) {}
}

type Part = string | number | Markup | Markup[] | null | undefined | false;

const piece = (part: Part): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Markup) return part.value;
  if (Array.isArray(part)) return part.map((m) => m.value).join('');
  return escapeHtml(String(part));
};

export function mjml(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  let out = strings[0];
  for (let i = 0; i < parts.length; i++) out += piece(parts[i]) + strings[i + 1];
  return new Markup(out);
}

/** A person's text (a message) with its line breaks kept, escaped. */
export const multiline = (text: string): Markup => new Markup(text.split(/\r\n|\r|\n/).map(escapeHtml).join('<br />'));

/** A subject or a header-like line: one line, spaces folded (a name with a line break cannot add a header). */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
