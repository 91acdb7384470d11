import { useState } from 'react';
import { useSessionValue } from '@shop/shared';

/**
 * SPEC §2: login and register send signed-in users to /shop. Only who was signed in when the page
 * opened is sent away, so a fresh sign-in on this page can still go where its role leads.
 */
export function useSignedInAtOpen(): boolean {
  const { auth } = useSessionValue();
  const [signedIn] = useState(auth);
  return signedIn;
}
