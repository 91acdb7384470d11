import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { addressKey, RateLimiter } from '../lib/ratelimit.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

/** Messages one IP may send in CONTACT_WINDOW_MS (an IPv6 client counts by its /64). */
export const CONTACT_PER_IP = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;
/** Messages (and so copies sent to it) one inbox may be given in an hour, plus tags or not: nobody's inbox can be flooded through the form. */
export const CONTACT_PER_ADDRESS = 5;

/** The contact form (anyone) and the admin's Messages page. */
export default async function contactRoutes(app: FastifyInstance, ctx: Ctx) {
  const perIp = new RateLimiter('contact', CONTACT_PER_IP, CONTACT_WINDOW_MS, ctx.counters);
  const perAddress = new RateLimiter('contact-to', CONTACT_PER_ADDRESS, 60 * 60_000, ctx.counters);
  const mailed = new RateLimiter('contact-mail', ctx.contactMailPerHour, 60 * 60_000, ctx.counters);

  route(app, ctx.auth, E.sendContactMessage, async (req, reply) => {
    const input = S.validContact(req.body);
    // Only well-formed messages count: a typo costs nobody their budget.
    await perIp.hit(addressKey(req.ip));
    await perAddress.hit(`email:${S.inboxOf(input.email)}`);
    // Past the shop-wide cap the message is still stored (the admins' Messages page) but not e-mailed,
    // and the answer is the same 202: a 429 would let a flood shut the form for real customers, and
    // telling the sender would tell a spammer when the relay is open again (issue 34 #3).
    const withinCap = (await mailed.count('shop')).count <= mailed.max;
    await S.receiveMessage(ctx.db, ctx.shop, input, withinCap);
    return reply.code(202).send({ message: 'Message received' });
  });
  route(app, ctx.auth, E.contactMessages, (req) => S.listMessages(ctx.db, req.query.page, req.query.limit));
  route(app, ctx.auth, E.markContactMessage, (req) => S.markRead(ctx.db, req.params.id, req.body.read));
}
