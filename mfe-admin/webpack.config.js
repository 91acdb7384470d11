const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'admin',
  port: 3004,
  exposes: {
    './DashboardPage': './src/pages/DashboardPage.tsx',
    './OrdersPage': './src/pages/OrdersPage.tsx',
    './ProductsPage': './src/pages/ProductsPage.tsx',
    './FiltersPage': './src/pages/FiltersPage.tsx',
    './DiscountsPage': './src/pages/DiscountsPage.tsx',
    './CurrenciesPage': './src/pages/CurrenciesPage.tsx',
    './UsersPage': './src/pages/UsersPage.tsx',
    './DeletedUsersPage': './src/pages/DeletedUsersPage.tsx',
  },
});
