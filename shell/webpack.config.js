const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'shell',
  port: 3000,
  runtimePlugins: [require.resolve('./src/federation/offlineRemotePlugin.ts')],
});
