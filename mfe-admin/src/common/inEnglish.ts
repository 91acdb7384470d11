import { DEFAULT_LOCALE } from '@shop/shared';

/**
 * The back office edits the English texts (their translations apart, issue 37): its reads of the
 * catalogue ask for English (?locale=en, their query) whatever language the admin's browser asks for (Accept-Language).
 */
export const IN_ENGLISH = { locale: DEFAULT_LOCALE } as const;
