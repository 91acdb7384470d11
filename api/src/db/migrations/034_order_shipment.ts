// Issue 38 (16): a shipped order's carrier and tracking number, both optional (the admin may ship
// without them); the shopper's e-mail and My orders show them.
export default `
ALTER TABLE orders ADD COLUMN carrier text, ADD COLUMN tracking_number text;
`;
