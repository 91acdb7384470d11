/** Run-time configuration: the same build serves every environment. */
export interface ShopConfig {
  /** Base URL of the REST API, e.g. "/api" or "https://api.example.com/api". */
  apiUrl: string;
}

const config: ShopConfig = { apiUrl: '/api' };

export function configureShop(next: Partial<ShopConfig>): void {
  Object.assign(config, next);
}

export function getShopConfig(): Readonly<ShopConfig> {
  return config;
}

/** The API host: what relative image paths from the server are prefixed with. */
export function apiHost(): string {
  return config.apiUrl.replace(/\/api\/?$/, '');
}

/** SPEC §3: server image paths get forward slashes and the backend host. */
export function assetUrl(path: string | undefined | null): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const clean = path.replace(/\\/g, '/').replace(/^\/+/, '');
  return `${apiHost()}/${clean}`;
}
