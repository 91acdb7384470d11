import mjml2html from 'mjml';
import { keepRecent } from '../../lib/keepRecent.js';
import type { RenderedMail, ShopIdentity } from '../messages.js';
import { color, font } from './look.js';
import { fill, type Markup, mjml } from './markup.js';
import { type Words, wordsFor } from './words.js';

/** What one kind of e-mail says; `finish` puts it into the shop's frame, as HTML and as text. */
export interface Draft {
  subject: string;
  /** The line an inbox shows after the subject. */
  preview: string;
  /** The card's content: mj-section elements (see `section`). */
  body: Markup;
  /** The plain-text body's paragraphs (no HTML). */
  text: string[];
  /** For the shop's own inbox: no 'questions? write to us' line. */
  toShop?: boolean;
  /** The frame's words (issue 37: the customer's language); absent: English. */
  words?: Words;
}

// ---- pieces the templates build their body from ----

export const section = (...children: Markup[]): Markup => mjml`<mj-section padding="0"><mj-column>${children}</mj-column></mj-section>`;

/** Two columns side by side on a wide screen, one above the other on a phone. */
export const twoColumns = (left: Markup[], right: Markup[]): Markup =>
  mjml`<mj-section padding="0"><mj-column>${left}</mj-column><mj-column>${right}</mj-column></mj-section>`;

export const eyebrow = (text: string): Markup =>
  mjml`<mj-text color="${color.gold}" font-size="12px" letter-spacing="0.12em" text-transform="uppercase" padding="0 0 6px 0">${text}</mj-text>`;

export const heading = (text: string): Markup =>
  mjml`<mj-text font-family="${font.display}" font-size="30px" line-height="1.2" font-weight="500" padding="0 0 18px 0">${text}</mj-text>`;

export const subheading = (text: string): Markup =>
  mjml`<mj-text font-size="12px" font-weight="600" letter-spacing="0.08em" text-transform="uppercase" color="${color.inkSoft}" padding="0 0 6px 0">${text}</mj-text>`;

export const para = (content: string | Markup, muted = false): Markup =>
  muted ? mjml`<mj-text color="${color.inkSoft}" font-size="14px">${content}</mj-text>` : mjml`<mj-text>${content}</mj-text>`;

export const button = (label: string, href: string): Markup => mjml`<mj-button href="${href}">${label}</mj-button>`;

export const divider = (): Markup => mjml`<mj-divider border-color="${color.line}" border-width="1px" padding="8px 0 24px 0" />`;

/** A quoted text (a contact message), on the muted surface. */
export const quote = (content: Markup): Markup =>
  mjml`<mj-text container-background-color="${color.surfaceMuted}" padding="16px 20px">${content}</mj-text><mj-spacer height="20px" />`;

/** A link; a long one (a reset link's token) may break anywhere rather than widen a phone's screen. */
export const link = (href: string, label = href): Markup =>
  mjml`<a href="${href}" style="color:${color.goldStrong};word-break:break-all;">${label}</a>`;

// ---- the frame ----

const frame = (shop: ShopIdentity, draft: Draft, w = draft.words ?? wordsFor(undefined)): Markup => mjml`<mjml lang="${w.lang}" dir="ltr">
  <mj-head>
    <mj-title>${draft.subject.trim()}</mj-title>
    ${draft.preview.trim() ? mjml`<mj-preview>${draft.preview.trim()}</mj-preview>` : null}
    <mj-attributes>
      <mj-all font-family="${font.body}" />
      <mj-text color="${color.ink}" font-size="15px" line-height="1.6" padding="0 0 16px 0" />
      <mj-button background-color="${color.ink}" color="#ffffff" border-radius="999px" font-size="13px" font-weight="600" letter-spacing="0.06em" text-transform="uppercase" inner-padding="14px 30px" padding="8px 0 24px 0" align="left" />
      <mj-table color="${color.ink}" font-size="15px" line-height="1.5" padding="0 0 8px 0" />
    </mj-attributes>
    <mj-style>
      a { color: ${color.goldStrong}; }
      @media only screen and (max-width: 480px) {
        .card { border-radius: 0 !important; }
        .card > table > tbody > tr > td { border-left: 0 !important; border-right: 0 !important; border-radius: 0 !important; padding-left: 20px !important; padding-right: 20px !important; }
      }
    </mj-style>
  </mj-head>
  <mj-body background-color="${color.bg}" width="600px">
    <mj-section padding="36px 16px 20px 16px">
      <mj-column>
        <mj-text align="center" font-family="${font.display}" font-size="30px" line-height="1.1" letter-spacing="0.08em" font-weight="600" padding="0 0 10px 0"><a href="${shop.publicUrl}" style="color:${color.ink};text-decoration:none;">${shop.name}</a></mj-text>
        <mj-divider border-color="${color.gold}" border-width="1px" width="48px" padding="0" />
      </mj-column>
    </mj-section>
    <!-- On a phone the card runs edge to edge (the media query above): no side borders cut by the screen. -->
    <mj-wrapper css-class="card" background-color="${color.surface}" border="1px solid ${color.line}" border-radius="8px" padding="36px 32px 20px 32px">
      ${draft.body}
    </mj-wrapper>
    <mj-section padding="20px 16px 36px 16px">
      <mj-column>
        ${draft.toShop ? null : mjml`<mj-text align="center" color="${color.inkFaint}" font-size="13px" padding="0 0 6px 0">${w.questions} ${link(`mailto:${shop.email}`, shop.email)}.</mj-text>`}
        <mj-text align="center" color="${color.inkFaint}" font-size="13px" padding="0">${link(shop.publicUrl, shop.name)}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;

const textFooter = (shop: ShopIdentity, draft: Draft): string[] => [
  '-- ', // the signature delimiter: clients grey it and leave it out of a quoted reply
  ...(draft.toShop ? [] : [`${(draft.words ?? wordsFor(undefined)).questions} ${shop.email}.`]),
  `${shop.name} · ${shop.publicUrl}`,
];

const MJML_OPTIONS = { validationLevel: 'strict', fonts: {}, keepComments: false } as const;

let byShape = true;
/** Off: every e-mail compiled whole, strings in (what the compile by shape must equal: templates.test.ts). */
export function compileByShape(on: boolean) {
  byShape = on;
}

/** The shapes compiled last (the MJML with its slots, a few kilobytes each): an order's e-mail varies by its lines, options and discounts. */
const compiled = new Map<string, Promise<string>>();
const KEPT_SHAPES = 200;
/** How many shapes are compiled and kept now (tests). */
export const keptShapes = () => compiled.size;

/** MJML's HTML for a shape, compiled once. MJML validates strictly: a template that writes invalid MJML throws. */
function compile(mjmlSource: string): Promise<string> {
  let html = compiled.get(mjmlSource);
  if (!html) {
    html = mjml2html(mjmlSource, MJML_OPTIONS).then((r) => r.html);
    html.catch(() => compiled.delete(mjmlSource));
  }
  return keepRecent(compiled, mjmlSource, html, KEPT_SHAPES);
}

/** The draft as a sendable e-mail: its shape compiled (once per shape), then its strings put in. */
export async function finish(shop: ShopIdentity, draft: Draft): Promise<RenderedMail> {
  const doc = frame(shop, draft);
  const html = byShape ? fill(await compile(doc.value), doc.slots) : (await mjml2html(doc.toString(), MJML_OPTIONS)).html;
  const text = [...draft.text, textFooter(shop, draft).join('\n')].join('\n\n') + '\n';
  return { subject: draft.subject, html, text };
}
