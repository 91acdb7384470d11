// The contact form's messages (issue 18): kept for the admins (the Messages page), newest first. The
// two e-mails a message sends (to the shop, a copy to the writer) go into mail_outbox in the same
// transaction. `read_at`: when an admin marked it read (null: unread).
export default `
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC, id);
`;
