export { createPaypalClient, PAYPAL_SANDBOX_API, type PaypalClient, type PaypalOptions } from './paypal.js';
export { createWalletOrder, createWalletRefunder, createWalletVerifier, walletAmountMinor, WALLET_CURRENCY } from './service.js';
export { walletRoutes, type WalletDeps } from './routes.js';
