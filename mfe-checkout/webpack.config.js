const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'checkout',
  port: 3002,
  exposes: {
    './CartPage': './src/pages/CartPage.tsx',
    './CheckoutPage': './src/pages/CheckoutPage.tsx',
    './WishlistPage': './src/pages/WishlistPage.tsx',
    './MiniCart': './src/pages/MiniCart.tsx',
    './AddToCart': './src/pages/AddToCart.tsx',
    './WishlistButton': './src/pages/WishlistButton.tsx',
    './CartRow': './src/pages/CartRow.tsx',
  },
});
