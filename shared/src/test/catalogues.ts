import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** A message's placeholders and tags ("count", "<strong>"), sorted: what every locale's version must keep. */
export function placeholdersOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.tag) {
        found.add(`<${el.value}>`);
        walk(el.children);
      } else if (el.type !== TYPE.literal && el.type !== TYPE.pound) found.add(el.value);
      if ('options' in el) for (const option of Object.values(el.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

/** Each app's catalogue test: the other locales have English's keys and, key by key, its placeholders. */
export function describeCatalogues(app: string, catalogues: Record<string, Record<string, string>>) {
  const { en, ...others } = catalogues;
  describe(`${app}'s catalogues`, () => {
    it.each(Object.keys(others))('%s has the English keys, no fewer, no more', (locale) => {
      expect(Object.keys(others[locale]).sort()).toEqual(Object.keys(en).sort());
    });
    it.each(Object.keys(others))('%s keeps each message\'s placeholders and tags', (locale) => {
      const differ = Object.keys(en).filter((key) => placeholdersOf(others[locale][key] ?? '').join() !== placeholdersOf(en[key]).join());
      expect(differ).toEqual([]);
    });
    it('every message is ICU that parses', () => {
      for (const catalogue of Object.values(catalogues)) for (const message of Object.values(catalogue)) expect(() => parse(message)).not.toThrow();
    });
  });
}
