const createConfig = require('../scripts/webpack/createConfig');

module.exports = createConfig({
  dir: __dirname,
  name: 'admin',
  port: 3004,
  exposes: {
    './DashboardPage': './src/dashboard/DashboardPage.tsx',
    './OrdersPage': './src/orders/OrdersPage.tsx',
    './ProductsPage': './src/products/ProductsPage.tsx',
    './FiltersPage': './src/filters/FiltersPage.tsx',
    './DiscountsPage': './src/discounts/DiscountsPage.tsx',
    './CurrenciesPage': './src/currencies/CurrenciesPage.tsx',
    './UsersPage': './src/users/UsersPage.tsx',
    './DeletedUsersPage': './src/users/DeletedUsersPage.tsx',
  },
});
