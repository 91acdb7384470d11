// Time-based one-time codes (RFC 6238, issue 42) with otpauth: 30-second steps, SHA-1, 6 digits (what
// every authenticator app reads from an otpauth:// URL). A code is accepted for the step before, the
// step of and the step after now (±1: a phone's clock a little off), and only for a step later than
// the last one accepted for the account (a code is used once). The three candidates are always all
// computed and compared in constant time: a wrong code costs what a right one does.
import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS } from '@shop/contract';

export const TOTP_PERIOD_S = 30;

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

/** A new secret: 20 random bytes (RFC 4226's recommended size), as base32 for the app. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (base32: string, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'SHA1') =>
  new TOTP({ secret: Secret.fromBase32(base32), digits, period: TOTP_PERIOD_S, algorithm });

/** The step a time falls in (ms since the epoch). */
export const stepOf = (ms: number): number => Math.floor(ms / 1000 / TOTP_PERIOD_S);

/** The code of a step (tests: RFC 6238's vectors take 8 digits and SHA-256/512 too). */
export const codeAtStep = (base32: string, step: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'SHA1'): string =>
  totpOf(base32, digits, algorithm).generate({ timestamp: step * TOTP_PERIOD_S * 1000 });

/** The code at a time (ms since the epoch). */
export const codeAt = (base32: string, ms: number, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'SHA1'): string =>
  totpOf(base32, digits, algorithm).generate({ timestamp: ms });

/** The otpauth:// URL an authenticator app reads (from the QR code or typed). */
export const otpauthUrl = (base32: string, account: string, issuer: string): string =>
  new TOTP({ issuer, label: account, secret: Secret.fromBase32(base32), digits: TOTP_DIGITS, period: TOTP_PERIOD_S, algorithm: 'SHA1' }).toString();

/** The URL as a QR code, an SVG document (inline in the page). */
export const qrSvgOf = (url: string): Promise<string> => QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

const fixed = (text: string) => {
  const out = Buffer.alloc(TOTP_DIGITS + 2);
  out.write(text.slice(0, TOTP_DIGITS + 2), 'latin1');
  return out;
};

/**
 * The step a code is right for (now's step ±1), or null. `after`: the last step accepted for the
 * account: a code of that step or an earlier one is refused (replayed). Every candidate is computed and
 * compared whatever the code, in constant time.
 */
export function matchingStep(base32: string, code: string, nowMs: number, after: number): number | null {
  const given = fixed(code.trim());
  const now = stepOf(nowMs);
  let found: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const same = timingSafeEqual(fixed(codeAtStep(base32, step)), given);
    if (same && step > after && found === null) found = step;
  }
  return code.trim().length === TOTP_DIGITS ? found : null;
}
