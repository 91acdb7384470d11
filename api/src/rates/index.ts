export { createRates, parseRates, DEFAULT_RATES_API_BASE, type Rates, type RatesOptions, type RateTable } from './service.js';
export { ratesRoutes, type RatesDeps } from './routes.js';
