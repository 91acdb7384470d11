// A remote's first-view renderer, built for Node: the shop's server calls it to send the top of the
// remote's pages as HTML with the page (api/src/web/firstView.ts). Lands beside the remote's dist/
// (dist-server/, never served) so the browser build's `clean` leaves it alone.
const path = require('node:path');

/** @param {{ dir: string, entry: string }} o  the app's folder and its renderer module */
module.exports = function createFirstViewConfig({ dir, entry }) {
  return {
    context: dir,
    target: 'node20',
    mode: 'production',
    entry: { firstView: entry },
    output: { path: path.join(dir, 'dist-server'), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [{ test: /\.ts$/, exclude: /node_modules/, use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } } }],
    },
    optimization: { minimize: false },
    stats: 'errors-warnings',
  };
};
