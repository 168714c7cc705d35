// Admin API keys: the list, a key shown once after it is made (never fetched again: only its hash is kept),
// and revocation. Every action answers with the shared toast; a refused action changes nothing on screen.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { showToast } from '../../stores/toast';
import { attempt } from '../staff/staff-action';
import { type ApiKeyRecord, createApiKey, type NewApiKey, revokeApiKey } from './api-keys-data';

export const $apiKeys = atom<ApiKeyRecord[] | null>(null);
/** The key just made, shown until the admin says they stored it. */
export const $newKey = atom<{ id: string; name: string; token: string } | null>(null);

/** Creates a key; null when it was made (and is now shown once), else the refusal to show by the fields. */
export async function addApiKey(data: NewApiKey): Promise<AppError | null> {
  const created = await attempt(() => createApiKey(getClient(), data), translate('apiKeys', 'created'));
  if (!created.ok) return created.error;
  const { token, user: _, ...key } = created.value;
  $apiKeys.set([key, ...($apiKeys.get() ?? [])]);
  $newKey.set({ id: key.id, name: key.name, token });
  return null;
}

export async function revokeKey(id: string): Promise<boolean> {
  const revoked = await attempt(() => revokeApiKey(getClient(), id), translate('apiKeys', 'revoked'));
  if (!revoked.ok) return false;
  $apiKeys.set(($apiKeys.get() ?? []).map((key) => (key.id === id ? { ...key, ...revoked.value } : key)));
  if ($newKey.get()?.id === id) $newKey.set(null);
  return true;
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
