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
import { reconcileCardPayments, sweepCardPayments, type CardDeps } from '../cards/service.js';
import { orderLinkOf } from '../guests/service.js';
import type { MailSettings } from './options.js';

// The work no request waits on, started once the routes are in place and stopped when the app closes:
// the outbox's sender, the sales roll-ups' fold, invoices left unnumbered and the wallet refunds left owed. (The releases' health
// watch starts with the releases themselves, releases/index.ts; the catalogue's memory with the catalogue.)

/** How often each process looks for orders left without an invoice number (a crash between commit and batch). */
const INVOICE_SWEEP_MS = 10_000;

export async function startBackgroundWork(app: FastifyInstance, o: { ctx: Ctx; databases: Databases; mail?: MailSettings; dataDir?: string; cardSweepMs?: number; invoiceSweepMs?: number }) {
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
  // Issue 39: orders whose process died between their commit and their invoice's batch are numbered (and
  // their confirmations sent) at start and then now and then, by whichever process comes first.
  const numberLeftovers = () => ctx.invoiceNumbers.numberQueued().catch((error) => app.log.error({ error }, 'queued invoices could not be numbered'));
  let numbering = numberLeftovers();
  const sweepEvery = o.invoiceSweepMs ?? INVOICE_SWEEP_MS;
  const numberingTimer = sweepEvery > 0 ? setInterval(() => {
    numbering = numbering.then(numberLeftovers);
  }, sweepEvery) : null;
  numberingTimer?.unref();
  app.addHook('onClose', async () => {
    if (numberingTimer) clearInterval(numberingTimer);
    await numbering;
  });
  // Wallet refunds owed by a cancel or reject that the process did not live to see answered: they change
  // orders, so through the counted database as every request's would.
  retryPendingRefunds(databases.counted, ctx.refundPayment, app.log).catch((error) => app.log.error({ error }, 'pending refunds could not be retried'));
  // Card payments (issue 40): at start, every intent left open is looked up at Stripe (a success no process
  // lived to see places its order now); then, now and then, holds past their time, payments owed back and
  // refunds that Stripe did not answer. Orders change: through the counted database.
  if (ctx.cards) {
    const deps: CardDeps = { db: databases.counted, cards: ctx.cards, log: app.log, secrets: ctx.mailSecrets, link: orderLinkOf(ctx), invoices: ctx.invoiceNumbers };
    const refundOrders = (failedToo: boolean) => retryPendingRefunds(databases.counted, ctx.refundPayment, app.log, failedToo);
    let running: Promise<void> = reconcileCardPayments(deps).catch((error) => app.log.error({ error }, 'card payments could not be looked up at start'));
    const every = o.cardSweepMs ?? 30_000;
    const timer = every > 0 ? setInterval(() => {
      running = running.then(() => sweepCardPayments(deps, refundOrders)).catch((error) => app.log.error({ error }, 'card payments sweep failed'));
    }, every) : null;
    timer?.unref();
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  }
}
