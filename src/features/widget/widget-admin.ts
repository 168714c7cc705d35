// The admin's widget and single sign-on settings: allowed origins (checked before saving), SSO switch,
// product name and login URL, and the signing secret (shown on request, replaced by a new random one).
import { currentLocale, translate } from '../../i18n/current';
import { formatList } from '../../i18n/list-format';
import { type AppError, toAppError } from '../../lib/pb/errors';
import { getClient } from '../../stores/client';
import { parseOrigins } from './embed';
import { loadSsoSecret, saveSsoSecret, saveWidgetSettings } from './widget-data';

export interface WidgetSettingsInput {
  allowedOrigins: string;
  ssoEnabled: boolean;
  productName: string;
  loginUrl: string;
}

export async function saveWidget(id: string, input: WidgetSettingsInput): Promise<AppError | null> {
  const { origins, invalid } = parseOrigins(input.allowedOrigins);
  if (invalid.length > 0) {
    const message = translate('adminWidget', 'notAnOrigin', { origins: formatList(currentLocale(), invalid) });
    return { kind: 'validation', message, fields: { allowed_origins: message } };
  }
  try {
    await saveWidgetSettings(getClient(), id, {
      allowed_origins: origins.join('\n'),
      sso_enabled: input.ssoEnabled,
      product_name: input.productName.trim(),
      login_url: input.loginUrl.trim(),
    });
    return null;
  } catch (error) {
    return toAppError(error);
  }
}

export async function revealSecret(): Promise<{ id: string; secret: string } | AppError> {
  try {
    const { id, secret } = await loadSsoSecret(getClient());
    return { id, secret };
  } catch (error) {
    return toAppError(error);
  }
}

/** Replaces the secret with 48 random characters: tokens signed with the old one stop working. */
export async function rotateSecret(id: string): Promise<{ id: string; secret: string } | AppError> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(48));
  const secret = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  try {
    await saveSsoSecret(getClient(), id, secret);
    return { id, secret };
  } catch (error) {
    return toAppError(error);
  }
}
