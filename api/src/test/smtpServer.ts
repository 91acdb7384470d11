import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in the test process (smtp-server), keeping every e-mail it accepted, parsed (mailparser). */
export interface TestSmtp {
  url: string;
  port: number;
  mails: ParsedMail[];
  /** Holds each DATA answer this long (a slow server). */
  delayMs: number;
  /** Waits until `n` e-mails have arrived (or throws after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(port = 0): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const state = { delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then(async (mail) => {
          if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
          mails.push(mail);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    mails,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    async waitFor(n, ms = 15_000) {
      const until = Date.now() + ms;
      while (mails.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} e-mails, got ${mails.length}: ${mails.map((m) => m.subject).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
