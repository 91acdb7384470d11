// The Stripe stand-in (api/src/test/stripeServer.ts) in a process of its own, for the card checkout
// bench: its CPU is then not the API's nor the load generator's, and is measured apart. Started by
// bench/lib/stripeStandIn.ts over IPC: it answers 'ready' with its URL, then takes
// { webhookUrl } (where to POST events), 'stats' and 'settled' (every webhook delivery answered).
import { startStripeStandIn } from '../../api/src/test/stripeServer';

type Message = { type: 'webhook'; url: string | null } | { type: 'stats' } | { type: 'settled' } | { type: 'retry' };

async function main() {
  const stand = await startStripeStandIn();
  // The events the shop's README tells an owner to give Stripe's webhook endpoint: Stripe sends no other.
  stand.enabledEvents = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);
  const send = (m: unknown) => process.send?.(m);
  process.on('message', async (m: Message) => {
    if (m.type === 'webhook') {
      stand.webhookUrl = m.url;
      send({ type: 'webhook' });
    } else if (m.type === 'retry') {
      // As Stripe does, an event whose delivery was not answered 2xx (a 503 of a crowded shop) is sent
      // again, once here, each event at most once: a 409 then means handled meanwhile.
      await stand.settled();
      const ok = new Set(stand.deliveries.filter((d) => d.status >= 200 && d.status < 300).map((d) => d.event));
      const again = stand.events.filter((e) => stand.deliveries.some((d) => d.event === e.id) && !ok.has(e.id));
      const statuses = await Promise.all(again.map((e) => stand.deliver(e)));
      send({ type: 'retry', sent: again.length, statuses });
    } else if (m.type === 'settled') {
      await stand.settled();
      send({ type: 'settled' });
    } else if (m.type === 'stats') {
      const byStatus: Record<string, number> = {};
      for (const i of stand.intents.values()) byStatus[i.status] = (byStatus[i.status] ?? 0) + 1;
      const deliveries: Record<string, number> = {};
      for (const d of stand.deliveries) deliveries[`${d.type} ${d.status}`] = (deliveries[`${d.type} ${d.status}`] ?? 0) + 1;
      const calls: Record<string, number> = {};
      for (const c of stand.calls) {
        const k = c.replace(/pi_[0-9a-f]+/, ':id');
        calls[k] = (calls[k] ?? 0) + 1;
      }
      send({ type: 'stats', intents: byStatus, refunds: stand.refunds.length, deliveries, calls, succeeded: [...stand.intents.values()].filter((i) => i.status === 'succeeded').map((i) => i.id) });
    }
  });
  process.on('disconnect', () => void stand.close().then(() => process.exit(0)));
  send({ type: 'ready', url: stand.url });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
