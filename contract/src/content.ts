// Issue 38 (17), "The shop's own words": the home's slides and promotion banners, the footer's links and
// social accounts, and the policy pages, written by the owner in the back office's Content page and read
// by the storefront (GET /api/content, GET /api/content/page/:slug). Their limits, the links' rule and the
// policy pages' addresses, written once for the API, the back office's preview and the storefront.
import { ROUTE_PATHS } from './routePaths';

/** The longest text of each field and the most items of each list: the API refuses more with a 400 naming the field. */
export const CONTENT_LIMITS = {
  slides: 6,
  banners: 6,
  footerLinks: 8,
  eyebrow: 60,
  heading: 120,
  text: 400,
  linkLabel: 40,
  link: 500,
  image: 300,
  code: 40,
  footerLabel: 60,
  pageTitle: 120,
  pageBody: 20_000,
} as const;

/** The shop's social accounts the footer shows, each an icon linking to its page (hidden while its URL is empty). */
export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'pinterest'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const SOCIAL_NAMES: Record<SocialNetwork, string> = { instagram: 'Instagram', facebook: 'Facebook', pinterest: 'Pinterest' };

/** The policy pages the owner writes; each has its own storefront page (policyPagePath). */
export const POLICY_PAGES = ['shipping-returns', 'secure-shopping', 'privacy-policy'] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];
export const isPolicyPage = (slug: unknown): slug is PolicyPage => typeof slug === 'string' && (POLICY_PAGES as readonly string[]).includes(slug);

/** Where a policy page is shown: /pages/<slug>; the privacy policy keeps the address checkout has always linked (SPEC §2: /privacy-policy). */
export const policyPagePath = (slug: PolicyPage): string => (slug === 'privacy-policy' ? ROUTE_PATHS.privacy : `/pages/${slug}`);

/**
 * A link the owner writes: an http(s) address, or a path of the shop ("/shop?que=ring"). Nothing else:
 * no javascript:, data: or mailto:, no protocol-relative "//host" (another site dressed as the shop's),
 * no spaces or control characters. Empty is allowed where a link may be left out (it is then hidden).
 */
export const LINK_PATTERN = '^(?:[hH][tT][tT][pP][sS]?://[^\\s/?#]+[^\\s]*|/(?:[^\\s/\\\\][^\\s]*)?)$';
const LINK = new RegExp(LINK_PATTERN);
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
export const isSafeLink = (url: string): boolean => LINK.test(url) && !hasControlCharacter(url);
/** An address outside the shop (it opens as a plain link, not through the storefront's router). */
export const isExternalLink = (url: string): boolean => /^https?:\/\//i.test(url);

/** A slide's or banner's picture: an upload of the shop (uploads/x.jpg, as POST /api/content/image answers), or none. */
export const CONTENT_IMAGE_PATTERN = '^(?:|/?uploads/[A-Za-z0-9][A-Za-z0-9._-]*)$';

/** A policy page's text as the storefront shows it: paragraphs separated by blank lines (plain text, never HTML). */
export const paragraphsOf = (body: string): string[] =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
