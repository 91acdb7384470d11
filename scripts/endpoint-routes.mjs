// npm run endpoint-routes (tsx scripts/endpoint-routes.mjs): writes contract/src/api/routeTable.ts, what the browser's one client needs of
// the endpoint map (each endpoint's method, path, body type and whether its reads take ?locale=), so the
// browser's bundles carry neither TypeBox nor the map's schemas (contract/src/browser.ts). Run it after
// changing an endpoint; contract/src/api/routeTable.test.ts fails until the table is the map's.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';

export async function routeTableSource() {
  // Under tsx (npm run endpoint-routes), which reads the contract's TypeScript.
  const { endpoints } = await import(path.join(root, 'contract/src/api/index.ts'));
  const lines = Object.entries(endpoints).map(([name, e]) => {
    const route = { method: e.method, path: e.path };
    if (e.consumes) route.consumes = e.consumes;
    if (e.query?.properties?.locale) route.locale = true;
    return `  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: { ${Object.entries(route).map(([k, v]) => `${k}: ${typeof v === 'string' ? `'${v}'` : v}`).join(', ')} },`;
  });
  return `// Written by scripts/endpoint-routes.mjs from the endpoint map (contract/src/api/index.ts): do not edit.
// What the browser's one client needs of each endpoint (shared/src/api.ts), without TypeBox or the schemas.
import type { Method } from './endpoint';

export interface EndpointRoute {
  method: Method;
  path: string;
  /** The body's type when it is not JSON. */
  consumes?: string;
  /** Its reads take ?locale= (issue 37). */
  locale?: true;
}

// Its keys are the map's names (the client indexes it by EndpointName: a missing one fails the typecheck).
export const ENDPOINT_ROUTES = {
${lines.join('\n')}
} as const satisfies Record<string, EndpointRoute>;
`;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  fs.writeFileSync(path.join(root, 'contract/src/api/routeTable.ts'), await routeTableSource());
  console.log('wrote contract/src/api/routeTable.ts');
}
