import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendAnswer } from './answer.js';
import type { Catalog } from './index.js';

/**
 * Transitional (issue 21): the catalogue's parts other modules still read from Ctx the old way,
 * served through Catalog: currencies/routes.ts (catalogCache.send), config/routes.ts
 * (productPages, catalogFacets: GET /api/health) and web/firstView.test.ts (catalogCache.misses).
 * Each moves to ctx.catalog (memory.answer + sendAnswer, memory.status()), then this file goes.
 */
export interface OldCatalogCtx {
  catalogCache: {
    send(req: FastifyRequest, reply: FastifyReply, key: unknown[], load: () => Promise<unknown>, lasting?: boolean): Promise<FastifyReply>;
    readonly misses: number;
  };
  productPages: { readonly filling: boolean; readonly kept: number };
  catalogFacets: { readonly building: boolean };
}

export function oldCatalogCtx({ memory }: Pick<Catalog, 'memory'>): OldCatalogCtx {
  return {
    catalogCache: {
      send: async (req, reply, key, load, lasting = false) => sendAnswer(req, reply, { kept: await memory.answer(key, load, lasting) }),
      get misses() {
        return memory.status().answers.misses;
      },
    },
    productPages: {
      get filling() {
        return memory.status().productPages.filling;
      },
      get kept() {
        return memory.status().productPages.kept;
      },
    },
    catalogFacets: {
      get building() {
        return memory.status().facets.building;
      },
    },
  };
}
