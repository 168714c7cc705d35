// Signing in with an identify token from the team's app (the widget's identify(), /sso?token=…).
// A token already redeemed in this browser is not sent again (each one is single-use).
import { atom } from 'nanostores';
import { readLocal, writeLocal } from '../../lib/frame-state';
import { getClient } from '../../stores/client';
import { exchangeIdentifyToken, toSsoRefusalMessage } from './sso-data';

/** `changed`: a different person (or someone where nobody was) is signed in now, so the page must be redrawn. */
export type IdentifyOutcome = { ok: true; changed: boolean } | { ok: false; message: string };

/** The friendly message for the last refused token, shown where the person is. */
export const $identifyError = atom<string | null>(null);

const REDEEMED_KEY = 'chorus:identify-token';
/** A token's signature identifies it without keeping the token itself. */
const fingerprint = (token: string) => token.slice(token.lastIndexOf('.') + 1).slice(0, 43);

export async function signInWithIdentifyToken(token: string): Promise<IdentifyOutcome> {
  const pb = getClient();
  if (pb.authStore.isValid && readLocal(REDEEMED_KEY) === fingerprint(token)) return { ok: true, changed: false };
  // The team's app may identify the same person on every page load, each time with a fresh token: the
  // exchange renews the session, and the panel reloads only when who is signed in changes.
  const before = pb.authStore.isValid ? pb.authStore.record?.id : undefined;
  try {
    const person = await exchangeIdentifyToken(pb, token);
    writeLocal(REDEEMED_KEY, fingerprint(token));
    $identifyError.set(null);
    return { ok: true, changed: person.id !== before };
  } catch (error) {
    const message = toSsoRefusalMessage(error);
    $identifyError.set(message);
    return { ok: false, message };
  }
}
