// An app's message catalogue (src/messages/<locale>.ts) compiled at build time: each ICU message with a
// placeholder, plural or tag becomes its syntax tree, so the browser formats it without the ICU parser
// (createConfig aliases @formatjs/icu-messageformat-parser to its no-parser build: ~40 % of
// intl-messageformat's weight, issue 37). Plain texts stay strings. Jest and Node read the sources as they are.
const { parse } = require('@formatjs/icu-messageformat-parser');

/** A message that is its own text (no argument, tag or brace): shared/src/i18n.tsx's PLAIN. */
const PLAIN = /^[^{}<]*$/;

/** The query that reads the catalogue as written, for this loader to evaluate (and not compile again). */
const SOURCE_QUERY = '?messages-source';

module.exports = function precompileMessages() {
  const done = this.async();
  this.importModule(`${this.resourcePath}${SOURCE_QUERY}`).then(
    (module) => {
      const messages = module.default?.default ?? module.default;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, PLAIN.test(message) ? message : parse(message)]));
      done(null, `export default ${JSON.stringify(compiled)};\n`);
    },
    (error) => done(error),
  );
};
module.exports.SOURCE_QUERY = SOURCE_QUERY;
