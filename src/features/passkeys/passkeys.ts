// Passkeys for the person at the keyboard: sign in with one, add, rename and remove their own (settings), and
// the sign-up step that creates the first one once the emailed code has confirmed the address.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { attempt, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { PasskeyError, runPasskeyRegistration, runPasskeySignIn } from './browser';
import {
  listOwnPasskeys,
  type PasskeySummary,
  removePasskey as removeOwnPasskey,
  renamePasskey as renameOwnPasskey,
} from './passkeys-data';

const PENDING_KEY = 'chorus:passkey-step';

/** The member's own passkeys, as settings shows them. */
export const $passkeys = atom<PasskeySummary[]>([]);
/** True between a passkey sign-up's emailed code and its first passkey (survives a reload). */
export const $passkeyStepPending = atom<boolean>(readPending());

$passkeyStepPending.listen((pending) => {
  try {
    if (pending) sessionStorage.setItem(PENDING_KEY, '1');
    else sessionStorage.removeItem(PENDING_KEY);
  } catch {
    // Private modes may refuse storage; only a reload forgets the step.
  }
});

function readPending(): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(PENDING_KEY) === '1';
  } catch {
    return false;
  }
}

async function passkeyAttempt<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof PasskeyError) return refuse(error.message);
    return attempt(() => Promise.reject(error));
  }
}

const nameProblem = (name: string) => (name.trim().length > 60 ? translate('passkeys', 'badName') : null);

/** Signs in with any passkey of this site; the session is PocketBase's, like every other way in. */
export async function signInWithPasskey(): Promise<Result<void>> {
  return passkeyAttempt(async () => {
    const { token, record } = await runPasskeySignIn();
    getClient().authStore.save(token, record as never);
  });
}

/** Adds a passkey to the signed-in member's account and refreshes the list. */
export async function addPasskey(name: string): Promise<Result<void>> {
  const problem = nameProblem(name);
  if (problem) return refuse(problem, { fields: { name: problem } });
  return passkeyAttempt(async () => {
    await runPasskeyRegistration(name.trim() || translate('passkeys', 'defaultName'));
    $passkeyStepPending.set(false);
    $passkeys.set(await listOwnPasskeys(getClient()));
  });
}

export function skipPasskeyStep(): void {
  $passkeyStepPending.set(false);
}

export function startPasskeyStep(): void {
  $passkeyStepPending.set(true);
}

export async function renamePasskey(id: string, name: string): Promise<Result<void>> {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 60) {
    const message = translate('passkeys', 'badName');
    return refuse(message, { fields: { name: message } });
  }
  const result = await attempt(() => renameOwnPasskey(getClient(), id, trimmed));
  if (result.ok) $passkeys.set($passkeys.get().map((item) => (item.id === id ? { ...item, name: trimmed } : item)));
  return result;
}

export async function removePasskey(id: string): Promise<Result<void>> {
  const result = await attempt(() => removeOwnPasskey(getClient(), id));
  if (result.ok) $passkeys.set($passkeys.get().filter((item) => item.id !== id));
  return result;
}
