import type { FastifyInstance } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import * as S from './service.js';

/** Staff and roles (issue 42): the 'staff' permission's (checked from the map: lib/endpoints.ts). */
export default async function staffRoutes(app: FastifyInstance, ctx: Ctx) {
  const { auth, db } = ctx;
  const mail = { publicUrl: ctx.shop.publicUrl, seal: ctx.mailSecrets.seal };
  route(app, auth, E.roles, () => S.listRoles(db));
  route(app, auth, E.createRole, async (req, reply) => reply.code(201).send(await S.createRole(db, req.user!, req.body)));
  route(app, auth, E.updateRole, (req) => S.updateRole(db, req.user!, req.params.id, req.body));
  route(app, auth, E.deleteRole, (req) => S.deleteRole(db, req.user!, req.params.id));
  route(app, auth, E.staff, () => S.listStaff(db));
  route(app, auth, E.inviteStaff, async (req, reply) => reply.code(201).send(await S.invite(db, req.user!, req.body, mail)));
  route(app, auth, E.updateStaff, (req) => S.updateStaff(db, req.user!, req.params.id, req.body));
  route(app, auth, E.removeStaff, (req) => S.removeStaff(db, req.user!, req.params.id));
  route(app, auth, E.resetStaffTwoFactor, (req) => S.resetTwoFactor(db, req.user!, req.params.id));
}
