import net from 'node:net';
import { freePort } from './freePort';

// The probe behind needs(): a service is found where something listens at its address, and missing
// (quickly, never a hang) where nothing does; the test's own variables name the addresses.
test('probeServices: found where something listens, missing where nothing does, within the probe timeout', async () => {
  const listener = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const saved = { ...process.env };
  try {
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    process.env.TEST_POSTGRES_URL = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    process.env.TEST_REDIS_URL = `redis://127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
    let services!: typeof import('./services');
    jest.isolateModules(() => {
      services = require('./services');
    });
    const started = Date.now();
    expect(await services.probeServices()).toEqual({ postgres: false, redis: true });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(services.describeService('postgres')).toBe(`PostgreSQL at ${process.env.TEST_POSTGRES_URL}`);
  } finally {
    process.env = saved;
    await new Promise((resolve) => listener.close(resolve));
  }
});
