import type { RenderedMail, ShopIdentity } from '../messages.js';
import { eyebrow, finish, heading, para, section } from './layout.js';

/** A canary the health rule rolled back (releases/health.ts), to the shop's inbox. */
export function releaseRolledBack(remote: string, version: string, live: string, views: number, errors: number, ratePercent: number, shop: ShopIdentity): Promise<RenderedMail> {
  const share = views ? ((errors / views) * 100).toFixed(1) : '0';
  const what = `The canary ${version} of the ${remote} remote was rolled back: ${errors} errors in ${views} page views (${share} %, over the ${ratePercent} % allowed). Every visitor gets ${live} again.`;
  return finish(shop, {
    subject: `Release rolled back: ${remote} ${version}`,
    preview: what,
    toShop: true,
    body: section(eyebrow('Releases'), heading(`${remote} ${version} rolled back`), para(what), para(`The Releases page of the back office shows its numbers: ${shop.publicUrl}/releases`, true)),
    text: [what, `The Releases page: ${shop.publicUrl}/releases`],
  });
}
