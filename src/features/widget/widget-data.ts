// The widget and single sign-on settings (public) and the admin-only signing secret (exchanging an identify token
// for a session: features/sso/sso-data.ts).
import type { PocketBase } from '../../lib/pb/client';
import type { BaseRecord } from '../../lib/pb/types';

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
