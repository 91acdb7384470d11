import type { AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';

/** A tiny stand-in HTTP adapter for the shared client's own tests (its interceptors still run). */
export default class AxiosMock {
  private routes = new Map<string, { status: number; data: unknown }>();
  lastHeaders: Record<string, string> | undefined;

  constructor(client: AxiosInstance) {
    client.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
      this.lastHeaders = Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)]));
      const route = this.routes.get(config.url ?? '') ?? { status: 404, data: { message: 'Not found' } };
      const response = { data: route.data, status: route.status, statusText: String(route.status), headers: {}, config } as AxiosResponse;
      if (route.status >= 400) throw new AxiosError('Request failed', String(route.status), config, null, response);
      return response;
    };
  }

  reply(url: string, status: number, data: unknown): void {
    this.routes.set(url, { status, data });
  }
}
