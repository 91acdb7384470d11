const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'account',
  port: 3003,
  exposes: {
    './LoginPage': './src/auth/LoginPage.tsx',
    './RegisterPage': './src/auth/RegisterPage.tsx',
    './OrdersPage': './src/orders/OrdersPage.tsx',
    './AddressesPage': './src/addresses/AddressesPage.tsx',
    // Fragments the admin remote embeds on /orders with mode 'admin'.
    './OrdersList': './src/orders/OrdersList.tsx',
    './OrderDetailsModal': './src/orders/OrderDetailsModal.tsx',
  },
});
