/** A stand-in for fetch in the shared client's own tests: answers by path, records what was sent. */
export default class FetchMock {
  private routes = new Map<string, { status: number; data: unknown }>();
  lastHeaders: Record<string, string> | undefined;
  lastRequest: { method: string; url: string; body: unknown } | undefined;

  constructor() {
    // jsdom has no fetch of its own, so the mock is installed rather than spied on.
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      this.lastHeaders = { ...(init.headers as Record<string, string>) };
      this.lastRequest = { method: init.method ?? 'GET', url, body: init.body };
      const route = this.routes.get(new URL(url, 'http://shop.test').pathname) ?? { status: 404, data: { message: 'Not found' } };
      const text = typeof route.data === 'string' ? route.data : JSON.stringify(route.data);
      return { ok: route.status >= 200 && route.status < 300, status: route.status, text: async () => text } as Response;
    });
  }

  reply(path: string, status: number, data: unknown): void {
    this.routes.set(path, { status, data });
  }
}
