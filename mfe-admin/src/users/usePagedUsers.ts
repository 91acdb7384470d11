import type { User } from '@shop/shared';
import { usePagedSearch } from '../common/usePagedSearch';

export const USERS_PAGE_SIZE = 5;

/** A searchable user list paged by 5 (POST /user or /user/deleted ?keyword=&limit=5&page=); the live users' list searches the address's keyword too. */
export function usePagedUsers(path: '/user' | '/user/deleted', errorMessage: string) {
  return usePagedSearch<User>({ path, limit: USERS_PAGE_SIZE, errorMessage, keywordFromUrl: path === '/user' });
}
