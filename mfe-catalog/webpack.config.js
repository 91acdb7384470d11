const createConfig = require('../scripts/webpack/createConfig');
const { exposesOf, offersOf } = require('../scripts/webpack/offers');

// Name and exposed modules from the remote's list of what it offers (src/offers.ts).
const offers = offersOf(__dirname);

module.exports = createConfig({
  dir: __dirname,
  name: offers.name,
  port: 3001,
  exposes: exposesOf(offers),
});
