const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'catalog',
  port: 3001,
  exposes: {
    './HomePage': './src/home/HomePage.tsx',
    './ShopPage': './src/shop/ShopPage.tsx',
    './ProductPage': './src/product/ProductPage.tsx',
    './AboutPage': './src/about/AboutPage.tsx',
    './ContactPage': './src/contact/ContactPage.tsx',
  },
});
