// Issue 38 (16): what an order's shipment says, and the carriers whose parcels the shop can link to.
// The admin types any carrier (a courier the list does not know still ships); a known one gets a
// tracking link in the shopper's e-mail and in My orders.

export interface Carrier {
  /** How the back office offers it and the shopper reads it. */
  name: string;
  /** Other spellings an admin may type ("Royal Mail" for "royalmail"), compared lower-case without spaces. */
  aliases?: string[];
  /** The carrier's tracking page, {number} replaced by the tracking number (URI-encoded). */
  url: string;
}

export const CARRIERS: readonly Carrier[] = [
  { name: 'UPS', url: 'https://www.ups.com/track?tracknum={number}' },
  { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr={number}' },
  { name: 'DHL', aliases: ['dhl express'], url: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id={number}' },
  { name: 'USPS', aliases: ['us postal service'], url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}' },
  { name: 'Royal Mail', url: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}' },
  { name: 'La Poste', aliases: ['colissimo', 'la poste colissimo'], url: 'https://www.laposte.fr/outils/suivre-vos-envois?code={number}' },
  { name: 'Chronopost', url: 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={number}' },
  { name: 'Canada Post', url: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={number}' },
];

/** Limits of what an admin may write (the API refuses more, naming the field). */
export const CARRIER_MAX_LENGTH = 60;
export const TRACKING_NUMBER_MAX_LENGTH = 40;
/** Letters, digits, spaces and dashes: what carriers print on labels (and nothing a link could be bent with). */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]*$';

const key = (name: string) => name.toLowerCase().replace(/[\s.]+/g, '');

/** The known carrier an admin's text names, if any. */
export function knownCarrier(carrier: string | null | undefined): Carrier | undefined {
  if (!carrier) return undefined;
  const k = key(carrier);
  return CARRIERS.find((c) => key(c.name) === k || c.aliases?.some((a) => key(a) === k));
}

/** The tracking page of a parcel, for a known carrier and a number; null otherwise. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const known = knownCarrier(carrier);
  const number = trackingNumber?.replace(/\s+/g, '');
  if (!known || !number) return null;
  return known.url.replace('{number}', encodeURIComponent(number));
}
