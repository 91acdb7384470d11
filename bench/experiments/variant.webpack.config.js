// Builds one app of the shop with a federation VARIANT into BENCH_OUT/<app>/dist, leaving the repo's
// dist folders and config untouched, so bundle-bench can measure a proposed change before it is made.
//   BENCH_APP=mfe-catalog BENCH_OUT=/tmp/shop-variant BENCH_VARIANT=external-runtime,no-snapshot \
//     npx webpack --mode production --config bench/experiments/variant.webpack.config.js
const path = require('path');

const root = path.resolve(__dirname, '../..');
const app = process.env.BENCH_APP;
const out = process.env.BENCH_OUT;
const variant = new Set((process.env.BENCH_VARIANT || '').split(',').filter(Boolean));
if (!app || !out) throw new Error('set BENCH_APP and BENCH_OUT');
const base = require(path.join(root, app, 'webpack.config.js'));

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.output.path = path.join(out, app, 'dist');
  const mf = config.plugins.find((p) => p && p.constructor && p.constructor.name === 'ModuleFederationPlugin');
  const o = mf._options;
  const experiments = { ...(o.experiments || {}) };
  // One federation runtime for the page: the shell provides it, every remote entry uses it.
  if (variant.has('external-runtime')) Object.assign(experiments, app === 'shell' ? { provideExternalRuntime: true } : { externalRuntime: true });
  // Remotes are found by remoteEntry.js URLs, so the manifest snapshot code is not needed in the browser.
  if (variant.has('no-snapshot')) experiments.optimization = { ...(experiments.optimization || {}), disableSnapshot: true, target: 'web' };
  o.experiments = experiments;
  return config;
};
