const createConfig = require('../scripts/webpack/createConfig');
const { writeRouteTable } = require('../scripts/webpack/offers');

// public/routes.json, the route table shipped beside index.html, from the remotes' lists (src/offers.ts).
writeRouteTable(__dirname);

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
});
