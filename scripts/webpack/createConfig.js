// One webpack/federation setup for the shell and the four remotes, so their shared singletons can never drift.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;
const { FederationManifestPlugin } = require('./federationManifest');
const { StartupPreloadPlugin } = require('./startupPreload');
const { ReleaseManifestPlugin } = require('./releaseManifest');
const { SOURCE_QUERY } = require('./precompileMessages');

/**
 * Singletons of ARCHITECTURE.md: one React, one router, one jotai store, one shared package. The router and
 * jotai are inside @shop/shared (shared/src/router.ts, atoms.ts), so they come with its one copy: a shared
 * module is never tree-shaken, and react-router-dom shared whole cost every page ~61 KB gzip for the dozen
 * pieces the shop uses (jotai: 7 chunks). react-toastify is inside it too, loaded with the first toast.
 */
function sharedSingletons() {
  // requiredVersion false: every app is built from this workspace's one lockfile, so the versions cannot
  // differ, and a range made the federation runtime run its semver parser for each of the ~10 shared
  // modules a page loads (~37 ms of a phone's start-up with @module-federation/enhanced's runtime).
  const singleton = { singleton: true, requiredVersion: false };
  return { react: singleton, 'react/': singleton, 'react-dom': singleton, 'react-dom/': singleton, '@shop/shared': singleton };
}

/**
 * @param {object} o
 * @param {string} o.dir        the app's folder
 * @param {string} o.name       federation name ("shell", "catalog", ...)
 * @param {number} o.port       dev-server port
 * @param {Record<string,string>} [o.exposes]
 */
module.exports = function createConfig({ dir, name, port, exposes }) {
  return (_env, argv) => {
    const production = argv.mode === 'production';
    const apiUrl = process.env.API_URL || 'http://localhost:3000';
    return {
      context: dir,
      entry: { main: './src/index.ts' },
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        // Entry files (main.js, remoteEntry.js) are unhashed and served uncached: their URLs are what the
        // shell's index.html and remotes.json name.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // The catalogues' messages come compiled (precompileMessages.js): the browser needs no ICU parser.
        alias: {
          '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/lib/no-parser.js'),
          // The contract without the endpoint map's schemas (TypeBox and ~75 KB of source only the API runs):
          // the client reads the map's routes from ENDPOINT_ROUTES (contract/src/browser.ts, issue 37).
          '@shop/contract$': path.join(__dirname, '../../contract/src/browser.ts'),
          // What the @shop/shared singleton re-exports (contract/src/browserCore.ts).
          '@shop/contract/core$': path.join(__dirname, '../../contract/src/browserCore.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: path.join(dir, 'tsconfig.json') } },
          },
          {
            test: /[\\/]src[\\/]messages[\\/][a-z]{2}\.ts$/,
            resourceQuery: { not: [new RegExp(`^\\${SOURCE_QUERY}$`)] },
            enforce: 'post',
            use: path.join(__dirname, 'precompileMessages.js'),
          },
          {
            test: /\.css$/,
            use: [
              production ? MiniCssExtractPlugin.loader : 'style-loader',
              {
                loader: 'css-loader',
                options: { modules: { auto: true, namedExport: false, exportLocalsConvention: 'as-is', localIdentName: production ? `${name}_[hash:base64:6]` : `${name}_[name]_[local]` } },
              },
            ],
          },
          { test: /\.(woff2?|ttf|eot)$/, type: 'asset/resource' },
          { test: /\.(png|jpe?g|gif|svg|webp)$/, type: 'asset' },
        ],
      },
      plugins: [
        // webpack's own Module Federation: remotes are loaded at run time from remotes.json by
        // shared/src/remoteContainers.ts (script, init, get), with no federation runtime package in
        // the page (@module-federation/enhanced's cost every page ~36 KB gzip: issue 21).
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes || {},
          shared: sharedSingletons(),
        }),
        new FederationManifestPlugin({ name }),
        ...(production ? [new ReleaseManifestPlugin({ dir, name })] : []),
        // Absolute script URLs: the page is served at deep paths (/my-account/orders) by the SPA fallback.
        new HtmlWebpackPlugin({ template: path.join(dir, 'public/index.html'), chunks: ['main'], publicPath: '/' }),
        ...(production ? [new StartupPreloadPlugin()] : []),
        new CopyPlugin({ patterns: [{ from: path.join(dir, 'public'), globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }] }),
        ...(production ? [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css', ignoreOrder: true })] : []),
      ],
      optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/uploads'], target: apiUrl, changeOrigin: true }],
        static: { directory: path.join(dir, 'public'), publicPath: '/' },
        client: { overlay: { warnings: false, errors: true } },
        // `npm run dev` points the shell at the remotes' dev servers instead of the built paths.
        setupMiddlewares: (middlewares) => {
          const devManifest = process.env.SHELL_DEV_MANIFEST;
          if (devManifest) middlewares.unshift({ name: 'dev-remotes-manifest', path: '/remotes.json', middleware: (_req, res) => res.sendFile(devManifest) });
          return middlewares;
        },
      },
    };
  };
};
