import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundDb } from '../db/background.js';
import type { Addressing, ComposedMail } from './compose.js';
import type { MailMessage, ShopIdentity } from './messages.js';
import * as Q from './queries.js';
import { fillSecret, hideSecret, type MailSecrets } from './secrets.js';
import { messageIdFor, type MailTransport } from './transport.js';

export interface MailSenderOptions {
  transport: MailTransport;
  /** Renders and builds a message (compose.ts; in a worker thread: composer.ts). */
  compose: (message: MailMessage, shop: ShopIdentity, to: Addressing) => Promise<ComposedMail>;
  shop: ShopIdentity;
  /** Opens a message's sealed secret (secrets.ts) for the e-mail itself. */
  secrets: Pick<MailSecrets, 'open'>;
  /** The From of every e-mail (MAIL_FROM). */
  from: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How long a claimed message is this sender's before another may take it (it died meanwhile). */
  leaseMs?: number;
  /** The outbox is also looked at this often (retries come due; a missed NOTIFY). */
  pollMs?: number;
  /** Attempts before a message is given up as failed. */
  maxAttempts?: number;
  /** Messages taken at a time. */
  batch?: number;
}

/** The wait before attempt n+1: 2 s, 4 s, 8 s, … up to 15 min, with a little jitter so senders spread. */
export const retryDelayMs = (attempts: number) => Math.min(2 ** attempts * 1000, 15 * 60_000) * (0.9 + Math.random() * 0.2);

/**
 * Delivers the outbox after commit, in every API process: woken by the insert's NOTIFY (any process's
 * commit) and by a poll. Each message is claimed under a lease (FOR UPDATE SKIP LOCKED: no two senders
 * take one), composed, handed to the transport, and marked sent with the rest of its batch; a failure
 * is tried again with back-off, and a sender that dies holding a lease leaves the message to the next
 * one when the lease ends (a batch delivered but not yet marked is sent again: the same e-mail). A
 * message is delivered once: its Message-ID is its idempotency key's, so a resend after a timeout that
 * did deliver is the same e-mail to the receiving server.
 */
export class MailSender {
  private running = false;
  private again = false;
  private closed = false;
  private timer?: NodeJS.Timeout;
  private stopListening?: () => Promise<void>;
  private current: Promise<void> = Promise.resolve();
  private readonly o: Required<Omit<MailSenderOptions, 'log'>> & Pick<MailSenderOptions, 'log'>;

  constructor(
    private readonly db: BackgroundDb,
    opts: MailSenderOptions,
  ) {
    // An option passed as undefined (the app passes its settings through) keeps its default: spread
    // as is, pollMs: undefined made setInterval poll every millisecond, a fifth of a core while idle.
    const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as MailSenderOptions;
    this.o = { leaseMs: 60_000, pollMs: 5_000, maxAttempts: 8, batch: 10, ...given };
  }

  async start() {
    this.stopListening = await this.db.subscribe('mail_outbox', () => this.wake(), (listening) => listening && this.wake());
    this.timer = setInterval(() => this.wake(), this.o.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks at the outbox now (or right after the current round). */
  wake() {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.drain()
      .catch((error) => this.o.log.warn({ error }, 'the mail outbox could not be read; trying again'))
      .finally(() => {
        this.running = false;
        if (this.again && !this.closed) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every message due, a batch at a time. */
  private async drain() {
    for (;;) {
      if (this.closed) return;
      const due = await Q.claimDue(this.db, this.o.batch, this.o.leaseMs);
      if (!due.length) return;
      const sent = (await Promise.all(due.map((m) => this.deliver(m)))).filter((s) => s !== null);
      if (sent.length) await Q.markSent(this.db, sent);
    }
  }

  /** Composes and hands over one message: what was sent, or null (not sent: tried again later or given up). */
  private async deliver(m: Q.MailRow): Promise<Q.SentMail | null> {
    const domain = /@([^>\s]+)/.exec(this.o.from)?.[1] ?? 'localhost';
    try {
      const messageId = messageIdFor(m.idempotency_key, domain);
      // A secret (a reset link's token) goes into the e-mail only; what is kept of it shows the mark instead.
      const secret = m.secret ? this.o.secrets.open(m.secret) : null;
      const message = secret === null ? m.message : fillSecret(m.message, secret);
      const { rendered, raw } = await this.o.compose(message, this.o.shop, { from: this.o.from, to: m.to_address, replyTo: m.reply_to ?? undefined, messageId });
      await this.o.transport.send({ from: this.o.from, to: m.to_address, raw, messageId });
      return { id: m.id, attempt: m.attempts, ...(secret === null ? rendered : hideSecret(rendered, secret)) };
    } catch (error) {
      const giveUp = m.attempts >= this.o.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      (giveUp ? this.o.log.error : this.o.log.warn).call(this.o.log, { mail: m.id, kind: m.kind, attempts: m.attempts, error: message }, giveUp ? 'e-mail given up' : 'e-mail not sent; will try again');
      await Q.markNotSent(this.db, m.id, m.attempts, message, giveUp ? null : retryDelayMs(m.attempts)).catch(() => undefined);
      return null;
    }
  }

  async close() {
    this.closed = true;
    clearInterval(this.timer);
    await this.stopListening?.().catch(() => undefined);
    await this.current;
    this.o.transport.close();
  }
}
