import { escapeHtml } from '@shop/contract';

// Everything a template puts into MJML goes through `mjml\`...\``: an interpolated string is escaped, only
// Markup (what a template wrote itself) goes in as it is. So a name, a title, an address or a message can
// never become markup, and forgetting to escape is not possible by omission.
//
// A string in text content (not inside a tag) goes in as a numbered slot, filled in after MJML
// has compiled the rest (layout.ts): two e-mails of the same shape are then one MJML compile (10-30 ms
// of CPU each) and a string replace. A string inside a tag (an attribute: a colour, an href) stays in
// the MJML, which validates it.

const OPEN = '\uE000';
const CLOSE = '\uE001';
const SLOT = /\uE000(\d+)\uE001/g;
const slot = (i: number) => `${OPEN}${i}${CLOSE}`;

/** MJML or HTML the templates wrote, with numbered slots for the escaped strings in its text. */
export class Markup {
  constructor(
    /** The markup, with a slot (private-use characters around its index) for each string of text. */
    readonly value: string,
    /** The escaped strings, by slot. */
    readonly slots: readonly string[] = [],
  ) {}

  /** The whole markup, every slot filled (MJML's own output goes through `fill` alike). */
  toString(): string {
    return fill(this.value, this.slots);
  }
}

/** Puts the slots' strings back into markup (or into what MJML made of it). */
export const fill = (markup: string, slots: readonly string[]) => markup.replace(SLOT, (_, i: string) => slots[Number(i)]);

type Part = string | number | Markup | Markup[] | null | undefined | false;

/** An escaped string kept in the markup itself; a private-use character written as a reference cannot pose as a slot. */
const inline = (text: string) => escapeHtml(text).replace(/[\uE000\uE001]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`);

export function mjml(strings: TemplateStringsArray, ...parts: Part[]): Markup {
  let out = strings[0];
  const slots: string[] = [];
  let inTag = false;
  const add = (m: Markup) => {
    const offset = slots.length;
    slots.push(...m.slots);
    return offset ? m.value.replace(SLOT, (_, i: string) => slot(offset + Number(i))) : m.value;
  };
  for (let i = 0; i < parts.length; i++) {
    // Inside a tag when this literal opened one and did not close it (or said neither, and we were).
    const s = strings[i];
    const lt = s.lastIndexOf('<');
    const gt = s.lastIndexOf('>');
    if (lt !== gt) inTag = lt > gt;
    const part = parts[i];
    if (part === null || part === undefined || part === false) out += '';
    else if (part instanceof Markup) out += add(part);
    else if (Array.isArray(part)) out += part.map(add).join('');
    else if (inTag) out += inline(String(part));
    else {
      out += slot(slots.length);
      slots.push(escapeHtml(String(part)));
    }
    out += strings[i + 1];
  }
  return new Markup(out, slots);
}

/** A person's text (a message) with its line breaks kept, escaped. */
export const multiline = (text: string): Markup => {
  const lines = text.split(/\r\n|\r|\n/);
  return new Markup(lines.map((_, i) => slot(i)).join('<br />'), lines.map(escapeHtml));
};

/** A subject or a header-like line: one line, spaces folded (a name with a line break cannot add a header). */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
