const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'account',
  port: 3003,
  exposes: {
    './LoginPage': './src/pages/LoginPage.tsx',
    './RegisterPage': './src/pages/RegisterPage.tsx',
    './OrdersPage': './src/pages/OrdersPage.tsx',
    './AddressesPage': './src/pages/AddressesPage.tsx',
    './OrdersList': './src/pages/OrdersList.tsx',
    './OrderDetailsModal': './src/pages/OrderDetailsModal.tsx',
  },
});
