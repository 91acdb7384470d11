import type { User } from '@shop/shared';
import { usePagedSearch } from '../common/usePagedSearch';

/** Issue 38: 20 a page, like the back office's other lists (the API's own default stays SPEC's 5). */
export const USERS_PAGE_SIZE = 20;

/** A searchable user list paged by USERS_PAGE_SIZE (the live users or the deleted ones); the live users' list searches the address's keyword too. */
export function usePagedUsers(endpoint: 'searchUsers' | 'deletedUsers', errorMessage: string) {
  return usePagedSearch<User>({ endpoint, limit: USERS_PAGE_SIZE, errorMessage, keywordFromUrl: endpoint === 'searchUsers' });
}
