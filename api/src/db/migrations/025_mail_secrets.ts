// Issue 34 #1: a reset link's token is no longer kept readable in the outbox. It is sealed in `secret`
// (mail/secrets.ts) until the e-mail is delivered or given up, then wiped; the message and what was
// sent keep '[redacted]' in its place. The links already kept are redacted here; one not yet sent is
// given up (its token is no longer anywhere to send): the customer asks for a new one.
export default `
ALTER TABLE mail_outbox ADD COLUMN secret text;
UPDATE mail_outbox SET
  status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
  last_error = CASE WHEN status IN ('pending', 'sending') THEN 'Given up: reset links are no longer kept in the outbox (migration 025); ask for a new one' ELSE last_error END,
  lease_until = NULL,
  message = jsonb_set(message, '{resetUrl}', to_jsonb(regexp_replace(message->>'resetUrl', 'token=[^&#]*', 'token=[redacted]'))),
  html = regexp_replace(html, 'token=[A-Za-z0-9_%-]+', 'token=[redacted]', 'g'),
  text_body = regexp_replace(text_body, 'token=[A-Za-z0-9_%-]+', 'token=[redacted]', 'g')
WHERE kind = 'password-reset';
`;
