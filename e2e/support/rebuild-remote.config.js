// Rebuilds one remote into another folder with one text changed (see remoteRedeploy.test.ts).
// REBUILD_REMOTE=mfe-catalog REBUILD_OUT=/tmp/x REBUILD_FROM='old' REBUILD_TO='new'
const path = require('path');

const remote = process.env.REBUILD_REMOTE;
const base = require(path.join(__dirname, '../..', remote, 'webpack.config.js'));

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.output.path = process.env.REBUILD_OUT;
  config.module.rules.unshift({
    test: /\.tsx$/,
    exclude: /node_modules/,
    enforce: 'pre',
    use: { loader: path.join(__dirname, 'replaceTextLoader.js'), options: { from: process.env.REBUILD_FROM, to: process.env.REBUILD_TO } },
  });
  return config;
};
