const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'checkout',
  port: 3002,
  exposes: {
    './CartPage': './src/cart/CartPage.tsx',
    './CheckoutPage': './src/checkout/CheckoutPage.tsx',
    './WishlistPage': './src/wishlist/WishlistPage.tsx',
    './MiniCart': './src/minicart/MiniCart.tsx',
    './AddToCart': './src/cart/AddToCart.tsx',
    './WishlistButton': './src/wishlist/WishlistButton.tsx',
    './CartRow': './src/cart/CartRow.tsx',
  },
});
