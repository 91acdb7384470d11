import type { Address } from '@shop/shared';

export const ADDRESS_INVALID = 'Please enter a valid address';
export const ADDRESS_MISSING = 'Please select an address';

/** The new-address form's fields, every one a string as typed (the answer's may be null). */
export type NewAddress = Record<keyof Omit<Address, '_id' | 'fullName' | 'countryCode'>, string> & {
  /** Issue 39: the country chosen from the list (its ISO code); `country` is its name, stored beside it. */
  countryCode: string;
};
export const blankAddress: NewAddress = { country: '', countryCode: '', line1: '', line2: '', city: '', state: '', postalCode: '' };

/** SPEC §5: country, line1, city and a numeric postalCode are required; line2 and state are optional. */
export function isValidNewAddress(a: NewAddress): boolean {
  return Boolean(a.countryCode && a.country.trim() && a.line1.trim() && a.city.trim() && /^\d{2,12}$/.test(a.postalCode.trim()));
}

export type AddressFieldProblem = 'required' | 'postalCode';

/** Issue 38: what is wrong with each field of a new address (the rules of isValidNewAddress), by field. */
export function addressFieldProblems(a: NewAddress): Partial<Record<keyof NewAddress, AddressFieldProblem>> {
  const problems: Partial<Record<keyof NewAddress, AddressFieldProblem>> = {};
  if (!a.countryCode) problems.country = 'required';
  for (const key of ['line1', 'city'] as const) if (!a[key].trim()) problems[key] = 'required';
  const postal = a.postalCode.trim();
  if (!postal) problems.postalCode = 'required';
  else if (!/^\d{2,12}$/.test(postal)) problems.postalCode = 'postalCode';
  return problems;
}

export type AddressTab = 'new' | 'saved';

/** The message that blocks checkout, or null when the chosen address is fine. */
export function addressProblem(tab: AddressTab, address: NewAddress, savedId: string | null): string | null {
  if (tab === 'new') return isValidNewAddress(address) ? null : ADDRESS_INVALID;
  return savedId ? null : ADDRESS_MISSING;
}

/** What POST /order receives for the chosen address. */
export function addressPayload(tab: AddressTab, address: NewAddress, savedId: string | null) {
  if (tab === 'saved') return { addressId: savedId! };
  const trimmed = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as NewAddress;
  return { shippingAddress: trimmed };
}
