// Signing in with an identify token from the team's app (the widget's identify(), /sso?token=…).
// A token already redeemed in this browser is not sent again (each one is single-use).
import { atom } from 'nanostores';
import { readLocal, writeLocal } from '../../lib/frame-state';
import { getClient } from '../../stores/client';
import { exchangeIdentifyToken, toSsoRefusalMessage } from './sso-data';

export type IdentifyOutcome = { ok: true; changed: boolean } | { ok: false; message: string };

/** The friendly message for the last refused token, shown where the person is. */
export const $identifyError = atom<string | null>(null);

const REDEEMED_KEY = 'chorus:identify-token';
/** A token's signature identifies it without keeping the token itself. */
const fingerprint = (token: string) => token.slice(token.lastIndexOf('.') + 1).slice(0, 43);

export async function signInWithIdentifyToken(token: string): Promise<IdentifyOutcome> {
  const pb = getClient();
  if (pb.authStore.isValid && readLocal(REDEEMED_KEY) === fingerprint(token)) return { ok: true, changed: false };
  try {
    await exchangeIdentifyToken(pb, token);
    writeLocal(REDEEMED_KEY, fingerprint(token));
    $identifyError.set(null);
    return { ok: true, changed: true };
  } catch (error) {
    const message = toSsoRefusalMessage(error);
    $identifyError.set(message);
    return { ok: false, message };
  }
}
