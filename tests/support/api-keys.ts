// API keys for tests: an admin creates one through Chorus's route, and a client signs its requests with it,
// exactly as a script would (Authorization: Bearer <key>).
import PocketBase from 'pocketbase';

export type KeyScope = 'read' | 'member' | 'staff';

export interface CreatedKey {
  id: string;
  name: string;
  scope: KeyScope;
  /** The key's service member: the id a script sends as author or user. */
  user: string;
  token: string;
  rate_limit: number;
}

/** `admin` (a client signed in as an admin member) creates a key. */
export function createApiKey(
  admin: PocketBase,
  scope: KeyScope,
  options: { name?: string; rate_limit?: number; expires_at?: string } = {},
): Promise<CreatedKey> {
  return admin.send<CreatedKey>('/api/chorus/api-keys', {
    method: 'POST',
    body: { name: options.name ?? `${scope} key`, scope, ...options },
  });
}

/** A client that sends `token` as its API key on every request (and never signs in otherwise). */
export function keyClient(url: string, token: string): PocketBase {
  const client = new PocketBase(url);
  client.autoCancellation(false);
  client.beforeSend = (address, options) => {
    options.headers = { ...(options.headers as Record<string, string>), Authorization: `Bearer ${token}` };
    return { url: address, options };
  };
  return client;
}
