// The widget and single sign-on settings (public), the admin-only signing secret, and exchanging an
// identify token for a PocketBase session.
import { ClientResponseError, type PocketBase } from '../../lib/pb/client';
import type { BaseRecord, UserRecord } from '../../lib/pb/types';

export interface WidgetSettingsRecord extends BaseRecord {
  allowed_origins: string;
  sso_enabled: boolean;
  product_name: string;
  login_url: string;
}

export interface SsoSecretRecord extends BaseRecord {
  secret: string;
}

export function loadWidgetSettings(pb: PocketBase): Promise<WidgetSettingsRecord> {
  return pb.collection('widget_settings').getFirstListItem<WidgetSettingsRecord>('');
}

export function saveWidgetSettings(
  pb: PocketBase,
  id: string,
  data: Pick<WidgetSettingsRecord, 'allowed_origins' | 'sso_enabled' | 'product_name' | 'login_url'>,
): Promise<WidgetSettingsRecord> {
  return pb.collection('widget_settings').update<WidgetSettingsRecord>(id, data);
}

/** Only admins can read it; anyone else gets a "not found". */
export function loadSsoSecret(pb: PocketBase): Promise<SsoSecretRecord> {
  return pb.collection('sso_secrets').getFirstListItem<SsoSecretRecord>('');
}

export function saveSsoSecret(pb: PocketBase, id: string, secret: string): Promise<SsoSecretRecord> {
  return pb.collection('sso_secrets').update<SsoSecretRecord>(id, { secret });
}

/** Redeems an identify token (pb_hooks/sso.pb.js) and keeps the session in the client's auth store. */
export async function exchangeIdentifyToken(pb: PocketBase, token: string): Promise<UserRecord> {
  const auth = await pb.send<{ token: string; record: UserRecord }>('/api/chorus/sso', {
    method: 'POST',
    body: { token },
  });
  pb.authStore.save(auth.token, auth.record as never);
  return auth.record;
}

const SSO_FALLBACK = 'Signing in from the app did not work. Please try again from the app.';

/** The friendly message PocketBase gave for a refused identify token (or a generic one). */
export function toSsoRefusalMessage(error: unknown): string {
  if (error instanceof ClientResponseError && error.status === 0) {
    return 'Chorus cannot reach its server right now. Check your connection and try again.';
  }
  const response = error instanceof ClientResponseError ? (error.response as { code?: string; message?: string }) : {};
  return response.code && response.message ? response.message : SSO_FALLBACK;
}
