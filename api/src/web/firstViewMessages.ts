// What the first-view renderer's thread (firstViewWorker.ts) and the API (firstViewRenderer.ts) say to
// each other.

import type { Locale } from '@shop/contract';

/** A catalogue read a renderer makes: the newest products (how many), or a product (its slug). */
export type FirstViewRead = ['newest', number] | ['product', string] | ['content', ''];

export interface RendererErrorInfo {
  name: string;
  message: string;
  stack?: string;
}

export type FirstViewToWorker =
  | { type: 'render'; id: number; module: string; pagePath: string; search: string; locale: Locale }
  | { type: 'answer'; read: number; ok: boolean; value?: unknown; error?: string }
  | { type: 'ping' };

export type FirstViewFromWorker =
  | { type: 'ready'; renders: boolean }
  | { type: 'loadFailed'; error: RendererErrorInfo }
  | { type: 'read'; id: number; read: number; what: FirstViewRead[0]; arg: number | string }
  | { type: 'done'; id: number; view: string | null }
  | { type: 'failed'; id: number; error: RendererErrorInfo }
  | { type: 'pong' };
