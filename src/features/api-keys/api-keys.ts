// Admin API keys: the list, a key shown once after it is made (never fetched again: only its hash is kept),
// and revocation. Every action answers with the shared toast; a refused action changes nothing on screen.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { type AppError, toAppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { showToast } from '../../stores/toast';
import { type ApiKeyRecord, createApiKey, type NewApiKey, revokeApiKey } from './api-keys-data';

export const $apiKeys = atom<ApiKeyRecord[] | null>(null);
/** The key just made, shown until the admin says they stored it. */
export const $newKey = atom<{ id: string; name: string; token: string } | null>(null);

export function startApiKeys(initial: ApiKeyRecord[]): void {
  if ($apiKeys.get() === null) $apiKeys.set(initial);
}

/** Creates a key; null when it was made (and is now shown once), else the refusal to show by the fields. */
export async function addApiKey(data: NewApiKey): Promise<AppError | null> {
  try {
    const { token, user: _, ...key } = await createApiKey(getClient(), data);
    $apiKeys.set([key, ...($apiKeys.get() ?? [])]);
    $newKey.set({ id: key.id, name: key.name, token });
    showToast(translate('apiKeys', 'created'));
    return null;
  } catch (error) {
    const appError = toAppError(error);
    showToast(appError.message);
    return appError;
  }
}

export async function revokeKey(id: string): Promise<boolean> {
  try {
    const revoked = await revokeApiKey(getClient(), id);
    $apiKeys.set(($apiKeys.get() ?? []).map((key) => (key.id === id ? { ...key, ...revoked } : key)));
    if ($newKey.get()?.id === id) $newKey.set(null);
    showToast(translate('apiKeys', 'revoked'));
    return true;
  } catch (error) {
    showToast(toAppError(error).message);
    return false;
  }
}

/** Copies the new key; the toast says whether it worked (a browser may refuse the clipboard). */
export async function copyNewKey(): Promise<void> {
  const key = $newKey.get();
  if (!key) return;
  try {
    await navigator.clipboard.writeText(key.token);
    showToast(translate('apiKeys', 'copied'));
  } catch {
    showToast(translate('apiKeys', 'copyFailed'));
  }
}

/** The admin stored the key: it leaves the page for good. */
export function dismissNewKey(): void {
  $newKey.set(null);
}
