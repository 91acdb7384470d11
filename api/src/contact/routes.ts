import type { FastifyInstance } from 'fastify';
import type { ContactBody, ContactReadBody } from '@shop/contract';
import type { Ctx } from '../context.js';
import { addressKey, RateLimiter } from '../lib/ratelimit.js';
import { bearer, idParam, message, pagingQuery } from '../lib/schemas.js';
import * as S from './service.js';

const tags = ['contact'];

/** Messages one IP may send in CONTACT_WINDOW_MS (an IPv6 client counts by its /64). */
export const CONTACT_PER_IP = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;
/** Messages (and so copies sent to it) one inbox may be given in an hour, plus tags or not: nobody's inbox can be flooded through the form. */
export const CONTACT_PER_ADDRESS = 5;
/** CONTACT_MAIL_PER_HOUR: contact messages e-mailed in an hour, shop-wide (far above a jeweller's real mail, far below a spammer's). */
export const DEFAULT_CONTACT_MAIL_PER_HOUR = 60;

// The schema only bounds the work (strings, not too long); the form's own rules (trimmed lengths, an
// e-mail's shape) are checked in code with the contract's checkContact, the browser's check, so both
// sides refuse the same things with the same words.
const contactBody = {
  type: 'object',
  required: ['name', 'email', 'message'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    email: { type: 'string', maxLength: 1000 },
    message: { type: 'string', maxLength: 20000 },
  },
} as const;
const readBody = { type: 'object', required: ['read'], additionalProperties: false, properties: { read: { type: 'boolean' } } } as const;

/** The contact form (anyone) and the admin's Messages page. */
export default async function contactRoutes(app: FastifyInstance, ctx: Ctx) {
  const admin = { onRequest: ctx.auth.admin };
  const perIp = new RateLimiter('contact', CONTACT_PER_IP, CONTACT_WINDOW_MS, ctx.counters);
  const perAddress = new RateLimiter('contact-to', CONTACT_PER_ADDRESS, 60 * 60_000, ctx.counters);
  const mailed = new RateLimiter('contact-mail', ctx.contactMailPerHour, 60 * 60_000, ctx.counters);

  app.post<{ Body: ContactBody }>(
    '/contact',
    {
      schema: {
        tags,
        summary: 'Send the shop a message (the contact form); a copy goes to the sender',
        body: contactBody,
        response: { 202: message, 400: message, 429: message },
      },
    },
    async (req, reply) => {
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
    },
  );
  app.get<{ Querystring: { page: number; limit: number } }>(
    '/contact',
    { ...admin, schema: { tags, security: bearer, summary: 'Contact messages, newest first (admin)', querystring: pagingQuery() } },
    (req) => S.listMessages(ctx.db, req.query.page, req.query.limit),
  );
  app.patch<{ Params: { id: string }; Body: ContactReadBody }>(
    '/contact/:id',
    { ...admin, schema: { tags, security: bearer, summary: 'Mark a contact message read or unread (admin)', params: idParam(), body: readBody, response: { 404: message } } },
    (req) => S.markRead(ctx.db, req.params.id, req.body.read),
  );
}
