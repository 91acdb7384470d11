// Secrets the shop keeps and must read back (issue 42: each account's TOTP secret), sealed with
// AES-256-GCM under a key derived from SECRETS_KEY (generated into DATA_DIR, like the JWT secret, when
// unset): the database or a backup of it alone gives no one's second factor away.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(secret: string): string;
  /** Throws when the text was sealed under another key, or changed. */
  open(sealed: string): string;
}

/** purpose: what the key is for (each its own key from the one setting). */
export function secretBox(secretsKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'aurelia-secrets', purpose, 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((b) => (typeof b === 'string' ? b : b.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
