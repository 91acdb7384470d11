const createFirstViewConfig = require('../scripts/webpack/createFirstViewConfig');

module.exports = createFirstViewConfig({ dir: __dirname, entry: './src/firstView/renderFirstView.ts' });
