// The card checkout bench's Stripe: the tests' stand-in (api/src/test/stripeServer.ts) started in its own
// process (stripeStandInChild.ts), so its CPU is counted apart from the API's and PostgreSQL's.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { STAND_IN_KEYS } from '../../api/src/test/stripeServer';

export { STAND_IN_KEYS };

export interface StandInStats {
  /** Intents by their status at Stripe. */
  intents: Record<string, number>;
  refunds: number;
  /** Webhook deliveries, "<event type> <the shop's status>": count. */
  deliveries: Record<string, number>;
  /** Calls made to it, "METHOD path" (intent ids as :id): count. */
  calls: Record<string, number>;
  /** The ids of the intents that succeeded. */
  succeeded: string[];
}

export interface StandInProcess {
  url: string;
  pid: number;
  /** The settings that point the API at it. */
  env: Record<string, string>;
  /** Where it POSTs its events (null: kept, not sent). */
  setWebhook(url: string | null): Promise<void>;
  /** Waits until every webhook delivery started has been answered. */
  settled(): Promise<void>;
  /** Sends again (once) every event whose delivery was not answered 2xx, as Stripe retries; answers how many and their statuses. */
  retryFailed(): Promise<{ sent: number; statuses: number[] }>;
  stats(): Promise<StandInStats>;
  stop(): Promise<void>;
}

export async function startStandInProcess(): Promise<StandInProcess> {
  const child: ChildProcess = fork(path.join(__dirname, 'stripeStandInChild.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`the Stripe stand-in exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const ask = <T>(message: { type: string; url?: string | null }) => {
    const answer = next<T>(message.type);
    child.send(message);
    return answer;
  };
  const { url } = await next<{ url: string }>('ready');
  return {
    url,
    pid: child.pid!,
    env: { STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey, STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey, STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret, STRIPE_API_BASE: url },
    setWebhook: async (webhookUrl) => void (await ask({ type: 'webhook', url: webhookUrl })),
    settled: async () => void (await ask({ type: 'settled' })),
    retryFailed: () => ask<{ sent: number; statuses: number[] }>({ type: 'retry' }),
    stats: () => ask<StandInStats>({ type: 'stats' }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
