// The browser's half of passkeys: asks the site's Worker for options (POST /passkeys/<step>.json), runs the
// WebAuthn ceremony with @simplewebauthn/browser (loaded only when a passkey is used, so it stays out of every
// other page's JavaScript) and hands the Worker the answer. Errors come back as a PasskeyError with a message.
import { translate } from '../../i18n/current';

export class PasskeyError extends Error {}

async function post<T>(step: string, body: unknown = {}): Promise<T> {
  let answer: Response;
  try {
    answer = await fetch(`/passkeys/${step}.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new PasskeyError(translate('errors', 'network'));
  }
  const data = (await answer.json().catch(() => ({}))) as { message?: string };
  if (!answer.ok) throw new PasskeyError(data.message || translate('passkeys', 'failed'));
  return data as T;
}

async function ceremony<T>(run: (webauthn: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyError(translate('passkeys', 'unsupported'));
  try {
    return await run(webauthn);
  } catch (error) {
    if (error instanceof PasskeyError) throw error;
    // The person closed the prompt, it timed out, or the authenticator already holds this site's passkey.
    throw new PasskeyError(translate('passkeys', 'cancelled'));
  }
}

/** Signs in with a passkey: resolves with PocketBase's sign-in answer. */
export async function runPasskeySignIn(): Promise<{ token: string; record: Record<string, unknown> }> {
  const optionsJSON = await post<never>('signin-options');
  const response = await ceremony((webauthn) => webauthn.startAuthentication({ optionsJSON }));
  return post('signin', { response });
}

/** Adds a passkey named `name` to the signed-in member's account. */
export async function runPasskeyRegistration(name: string): Promise<{ id: string; name: string; created: string }> {
  const optionsJSON = await post<never>('register-options');
  const response = await ceremony((webauthn) => webauthn.startRegistration({ optionsJSON }));
  return post('register', { response, name });
}
