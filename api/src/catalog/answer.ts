import type { FastifyReply, FastifyRequest } from 'fastify';
import { keptFor, type KeptBody } from '../lib/compression.js';

/**
 * What a storefront read answers: an answer kept in the catalogue's memory as bytes (serialized and
 * compressed once, sent as they are: the catalogue's speed), or a value made for this request (best
 * sellers follow the orders and are not kept).
 */
export type CatalogAnswer = { kept: KeptBody } | { value: unknown };

export const keptAnswer = async (body: Promise<KeptBody>): Promise<CatalogAnswer> => ({ kept: await body });

/** Sends an answer: kept bytes as JSON, gzipped when the client takes it (Vary: Accept-Encoding, and Accept-Language: issue 37). */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CatalogAnswer) {
  if ('value' in answer) return reply.send(answer.value);
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding, Accept-Language');
  const { body, encoding } = keptFor(answer.kept, req.headers['accept-encoding']);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(body);
}
