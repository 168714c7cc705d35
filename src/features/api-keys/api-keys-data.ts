// API keys (issue #26): admins list them (the api_keys collection), create and revoke them through Chorus's
// routes; staff learn which members are keys' service members (their link to a key is hidden from the API).
import { KEY_SCOPES, type KeyScope } from '../../contract/api-key-scopes';
import type { PocketBase } from '../../lib/pb/client';

export { KEY_SCOPES, type KeyScope };

export interface ApiKeyRecord {
  id: string;
  name: string;
  scope: KeyScope;
  /** The key's last characters, to tell keys apart. */
  hint: string;
  rate_limit: number;
  expires_at: string;
  revoked_at: string;
  last_used_at: string;
  created_by_name: string;
  created: string;
}

/** The answer to creating a key: the key itself is in it, this once. */
export interface CreatedApiKey extends ApiKeyRecord {
  token: string;
  user: string;
}

export interface NewApiKey {
  name: string;
  /** '' when none was chosen: the route refuses it with its message for the field. */
  scope: KeyScope | '';
  /** ISO date and time; omitted: the key never expires. */
  expires_at?: string;
  /** Requests a minute; omitted: the default (600). */
  rate_limit?: number;
}

/** A member who is an API key's service member. */
export interface KeyMember {
  user: string;
  key: string;
  name: string;
  scope: KeyScope;
  revoked: boolean;
}

const KEY_FIELDS = 'id,name,scope,hint,rate_limit,expires_at,revoked_at,last_used_at,created_by_name,created';

/** The key the client is signed in with (its token in the auth store): who it is, its scope and its member. */
export function callingKeyOf<Key>(pb: PocketBase): Promise<Key> {
  return pb.send<Key>('/api/chorus/api-keys/self', {});
}

/** Every key, newest first (admins only; the API rules enforce it). */
export function listApiKeys(pb: PocketBase): Promise<ApiKeyRecord[]> {
  return pb.collection('api_keys').getFullList<ApiKeyRecord>({ sort: '-created', fields: KEY_FIELDS });
}

export function createApiKey(pb: PocketBase, data: NewApiKey): Promise<CreatedApiKey> {
  return pb.send<CreatedApiKey>('/api/chorus/api-keys', { method: 'POST', body: data });
}

export function revokeApiKey(pb: PocketBase, id: string): Promise<ApiKeyRecord> {
  return pb.send<ApiKeyRecord>(`/api/chorus/api-keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}

/** Which of these members (up to 50) are API keys, by member id (staff only). */
export async function keyMembersAmong(pb: PocketBase, ids: string[]): Promise<Record<string, KeyMember>> {
  if (ids.length === 0) return {};
  const { items } = await pb.send<{ items: KeyMember[] }>('/api/chorus/api-keys/members', {
    method: 'GET',
    query: { ids: ids.slice(0, 50).join(',') },
  });
  return Object.fromEntries(items.map((item) => [item.user, item]));
}
