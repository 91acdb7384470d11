// Where a sign-in comes from (issue 42), as Profile → Sessions shows it: the device, named from its
// browser's user agent, and the network of its address (never the address itself).
import { createHash, randomBytes } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { addressKey } from '../lib/ratelimit.js';

/** What a sign-in knows of where it comes from. deviceId: the device cookie's value (a new one when it had none). */
export interface SignInPlace {
  userAgent: string;
  ip: string;
  deviceId: string;
}

/** The cookie that names a device (HttpOnly; the API alone reads it). */
export const DEVICE_COOKIE = 'aj_device';
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** The device id the request's cookie holds, if it is one. */
export function deviceIdOf(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && DEVICE_ID.test(value.join('='))) return value.join('=');
  }
  return null;
}

export const newDeviceId = () => randomBytes(24).toString('base64url');
export const deviceHashOf = (deviceId: string) => createHash('sha256').update(`device:${deviceId}`).digest('hex');

/** The Set-Cookie of a device id: two years, the API's paths only, never readable by scripts. */
export const deviceCookie = (deviceId: string, secure: boolean) =>
  `${DEVICE_COOKIE}=${deviceId}; Path=/api/user; Max-Age=${2 * 365 * 24 * 3600}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** An address's network: IPv4 by its /24, IPv6 by its /64 (one subscriber's). */
export function networkOf(ip: string): string {
  const key = addressKey(ip);
  if (key.startsWith('ip6:')) return key.slice(4);
  const v4 = key.slice(3);
  return isIPv4(v4) ? `${v4.split('.').slice(0, 3).join('.')}.0/24` : v4;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
  [/node|undici/i, 'a script'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Firefox on Windows', 'Safari on iOS'; 'Unknown device' when the agent says nothing known. */
export function deviceOf(userAgent: string): string {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
