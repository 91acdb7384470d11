import { startTestApp, type TestApp } from './harness';
import { startSmtp, type TestSmtp } from './smtpServer';

/** A shop that sends its e-mail to a real SMTP server in this process (mail tests), with a USD currency. */
export interface MailingShop {
  smtp: TestSmtp;
  t: TestApp;
  usd: { _id: string };
  close(): Promise<void>;
}

export async function startMailingShop(): Promise<MailingShop> {
  const smtp = await startSmtp();
  const t = await startTestApp({ mail: { smtpUrl: smtp.url, from: 'Aurelia Jewels <shop@aurelia.test>', publicUrl: 'https://shop.example', pollMs: 200 } });
  const usd = await t.currency('USD', '$');
  return {
    smtp,
    t,
    usd,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
