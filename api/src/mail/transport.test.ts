import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { composeMail } from './compose';
import { folderTransport, messageIdFor } from './transport';

// The embedded outbox (no SMTP_URL): the composed message is written as it is, one .eml per message id.
test('the folder transport keeps each composed e-mail as one .eml a mail reader opens, written again under the same name', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-mail-test-'));
  const transport = folderTransport(path.join(dir, 'mail'));
  const messageId = messageIdFor('welcome:ann', 'aurelia.test');
  const shop = { name: 'Aurelia Jewels', publicUrl: 'https://shop.example', email: 'hello@shop.example' };
  try {
    const { rendered, raw } = await composeMail({ kind: 'welcome', fullName: 'Ann <b>Lee</b>' }, shop, { from: 'Aurelia Jewels <shop@aurelia.test>', to: 'ann@example.com', messageId });
    await transport.send({ from: 'shop@aurelia.test', to: 'ann@example.com', raw, messageId });
    await transport.send({ from: 'shop@aurelia.test', to: 'ann@example.com', raw, messageId });
    const files = fs.readdirSync(path.join(dir, 'mail'));
    expect(files).toEqual([`${messageId.slice(1, messageId.indexOf('@'))}.eml`]);
    const file = path.join(dir, 'mail', files[0]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(fs.readFileSync(file));
    expect(mail.subject).toBe(rendered.subject);
    expect(mail.messageId).toBe(messageId);
    expect(mail.from?.value[0]).toEqual({ name: 'Aurelia Jewels', address: 'shop@aurelia.test' });
    expect(mail.html).toBe(rendered.html);
    expect(mail.text).toBe(rendered.text);
    expect(mail.html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
