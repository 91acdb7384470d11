// Issue 38 (18): an admin previews a draft product's page through a signed link. The link carries the
// product's id, when it expires and an HMAC-SHA256 of both under a key derived from the shop's signing
// secret (JWT_SECRET, which every API process shares): only the shop makes one, it cannot be stretched
// to another product or a later time, and it stops working when it expires. Without a valid one, a
// draft stays not found, as for anyone.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long a preview link works. */
export const PREVIEW_LINK_HOURS = 24;

export interface PreviewSigner {
  /** A token for the product, valid until `expiresAt`. */
  sign(productId: string, expiresAt: Date): string;
  /** The product a token names, when it is the shop's and not expired; else null. */
  productOf(token: string, now?: Date): string | null;
}

export function previewSigner(signingSecret: string): PreviewSigner {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'aurelia-preview', 'draft preview links', 32));
  const mac = (id: string, expires: number) => createHmac('sha256', key).update(`preview:${id}:${expires}`).digest();
  return {
    sign(productId, expiresAt) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return `${productId}.${expires}.${mac(productId, expires).toString('base64url')}`;
    },
    productOf(token, now = new Date()) {
      const m = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/i.exec(token);
      if (!m) return null;
      const [, id, expiresText, sig] = m;
      const expires = Number(expiresText);
      if (expires * 1000 <= now.getTime()) return null;
      const given = Buffer.from(sig, 'base64url');
      const wanted = mac(id, expires);
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? id : null;
    },
  };
}
