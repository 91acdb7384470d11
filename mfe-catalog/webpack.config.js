const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'catalog',
  port: 3001,
  exposes: {
    './HomePage': './src/pages/HomePage.tsx',
    './ShopPage': './src/pages/ShopPage.tsx',
    './ProductPage': './src/pages/ProductPage.tsx',
    './AboutPage': './src/pages/AboutPage.tsx',
    './ContactPage': './src/pages/ContactPage.tsx',
  },
});
