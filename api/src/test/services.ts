// The services some API tests need beside the shop: a PostgreSQL server (even in the default run on
// embedded PGlite) and Redis. Such a test declares it with needs(); where the service cannot be
// reached, it is skipped (shown as skipped) with one line saying what to start, so `npm test` works on
// a machine without them. Under CI (CI=1 or CI=true, as .ci/run sets) a missing service is a failure.
// globalSetup.ts probes each service once per run and hands the answer to the test files in the environment.
import net from 'node:net';
import path from 'node:path';
import { maskSecrets } from '../ops/logging';

export type Service = 'postgres' | 'redis';

/** The PostgreSQL server tests make their own databases on: DATABASE_URL's (the PostgreSQL pass), else TEST_POSTGRES_URL, else the local one. */
export const POSTGRES_SERVER = process.env.DATABASE_URL || process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis tests use (with keys of their own): REDIS_URL's, else TEST_REDIS_URL, else the local one. */
export const REDIS_SERVER = process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const SERVICES: Record<Service, { name: string; url: string; port: number; start: string }> = {
  postgres: {
    name: 'PostgreSQL',
    url: POSTGRES_SERVER,
    port: 5432,
    start: 'pg_ctlcluster <version> main start, or docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres; another server: TEST_POSTGRES_URL',
  },
  redis: { name: 'Redis', url: REDIS_SERVER, port: 6379, start: 'redis-server --daemonize yes, or docker run -d -p 6379:6379 redis; another server: TEST_REDIS_URL' },
};
const PROBED = 'SHOP_TEST_SERVICES';
const PROBE_TIMEOUT_MS = 1_500;

export const describeService = (service: Service) => `${SERVICES[service].name} at ${maskSecrets(SERVICES[service].url)}`;

/** Whether something accepts a TCP connection at the service's address (pg_isready-like, a short timeout). */
function listening(service: Service): Promise<boolean> {
  const u = new URL(SERVICES[service].url);
  const host = u.hostname.replace(/^\[|\]$/g, '') || 'localhost';
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(u.port || SERVICES[service].port) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Once per run (jest's globalSetup): probes every service and leaves the answer where the test files read it. */
export async function probeServices(): Promise<Record<Service, boolean>> {
  const services = Object.keys(SERVICES) as Service[];
  const up = await Promise.all(services.map(listening));
  const found = Object.fromEntries(services.map((s, i) => [s, up[i]])) as Record<Service, boolean>;
  process.env[PROBED] = JSON.stringify(found);
  return found;
}

const inCI = () => /^(1|true)$/i.test(process.env.CI ?? '');

type Block = (name: string, fn: () => void) => void;
type Test = (name: string, fn: jest.ProvidesCallback, timeout?: number) => void;

/**
 * describe and test for what needs the service: jest's own where it is reachable; else skipped, with
 * one line naming what to start, or under CI a test that fails saying what is missing.
 */
export function needs(service: Service): { describe: Block; test: Test } {
  const probed = process.env[PROBED];
  if (!probed) throw new Error('the test services were not probed: run the API tests through jest.config.js (its globalSetup)');
  if ((JSON.parse(probed) as Record<Service, boolean>)[service]) return { describe, test };
  const why = `needs ${describeService(service)} (start it: ${SERVICES[service].start})`;
  if (inCI()) {
    const fail = (title: string) =>
      test(title, () => {
        throw new Error(`${describeService(service)} is not reachable, and CI=${process.env.CI} makes a missing service a failure`);
      });
    return { describe: (name) => describe(name, () => fail(why)), test: (name) => fail(`${name}: ${why}`) };
  }
  const file = path.basename(expect.getState().testPath ?? '');
  const skip = (name: string) => process.stderr.write(`${file} "${name}" skipped: ${why}\n`);
  return {
    describe: (name, fn) => {
      skip(name);
      describe.skip(name, fn);
    },
    test: (name, fn, timeout) => {
      skip(name);
      test.skip(name, fn, timeout);
    },
  };
}
