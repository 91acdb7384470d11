import type { User } from '@shop/shared';
import { usePagedSearch } from '../common/usePagedSearch';

export const USERS_PAGE_SIZE = 5;

/** A searchable user list paged by 5 (the live users or the deleted ones); the live users' list searches the address's keyword too. */
export function usePagedUsers(endpoint: 'searchUsers' | 'deletedUsers', errorMessage: string) {
  return usePagedSearch<User>({ endpoint, limit: USERS_PAGE_SIZE, errorMessage, keywordFromUrl: endpoint === 'searchUsers' });
}
