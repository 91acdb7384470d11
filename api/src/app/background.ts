import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import type { Databases } from './databases.js';
import { MailSender } from '../mail/sender.js';
import { createMailComposer } from '../mail/composer.js';
import { folderTransport, smtpTransport } from '../mail/transport.js';
import { startSalesFold } from '../reports/fold.js';
import { retryPendingRefunds } from '../orders/service.js';
import type { MailSettings } from './options.js';

// The work no request waits on, started once the routes are in place and stopped when the app closes:
// the outbox's sender, the sales roll-ups' fold and the wallet refunds left owed. (The releases' health
// watch starts with the releases themselves, releases/index.ts; the catalogue's memory with the catalogue.)

export async function startBackgroundWork(app: FastifyInstance, o: { ctx: Ctx; databases: Databases; mail?: MailSettings; dataDir?: string }) {
  const { ctx, databases } = o;
  const composer = createMailComposer();
  // The sender's claims and marks change no catalogue data: on the background database, they do not make
  // the catalogue's memory ask for its version again (CatalogVersion, ownWrites.ts).
  const mail = new MailSender(databases.background, {
    transport: o.mail?.smtpUrl ? smtpTransport(o.mail.smtpUrl) : folderTransport(path.join(o.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-')), 'mail')),
    compose: composer.compose,
    shop: ctx.shop,
    secrets: ctx.mailSecrets,
    from: o.mail?.from ?? 'Aurelia Jewels <shop@aurelia.local>',
    log: app.log,
    leaseMs: o.mail?.leaseMs,
    pollMs: o.mail?.pollMs,
  });
  await mail.start();
  app.addHook('onClose', async () => {
    await mail.close();
    await composer.close();
  });
  // The insight's roll-ups take their deltas in now and then (reports/fold.ts), in every process. Like the
  // sender's, its writes are no catalogue data.
  const fold = startSalesFold(databases.background, app.log);
  app.addHook('onClose', () => fold.close());
  // Wallet refunds owed by a cancel or reject that the process did not live to see answered: they change
  // orders, so through the counted database as every request's would.
  retryPendingRefunds(databases.counted, ctx.refundPayment, app.log).catch((error) => app.log.error({ error }, 'pending refunds could not be retried'));
}
