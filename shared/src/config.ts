import { photoSrcSet, uploadAt, type ImageWidth } from '@shop/contract';

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

/** SPEC §3: server image paths get forward slashes and the backend host; `width` asks for a smaller copy. */
export function assetUrl(path: string | undefined | null, width?: ImageWidth): string {
  if (!path) return '';
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  const clean = path.replace(/\\/g, '/').replace(/^\/+/, '');
  const url = `${apiHost()}/${clean}`;
  return clean.startsWith('uploads/') ? uploadAt(url, width) : url;
}

/** A srcset for an uploaded image, so the browser fetches the size it shows (the contract's photoSrcSet: the first view's and the server's preload are the same). */
export function imageSrcSet(path: string | undefined | null): string | undefined {
  if (!path || /^(https?:|data:|blob:)/.test(path)) return undefined;
  return photoSrcSet((width) => assetUrl(path, width));
}
