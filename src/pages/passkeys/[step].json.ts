// POST /passkeys/<step>.json — the Worker's passkey steps (src/features/passkeys/ceremony.ts): `signin-options` and
// `signin` (anyone), `register-options` and `register` (the signed-in member adds a passkey). Answers JSON;
// a refusal is { status, code, message } in the request's language. Never cached.
import { CHORUS_PROXY_SECRET } from 'astro:env/server';
import type { APIRoute } from 'astro';
import {
  beginRegistration,
  beginSignIn,
  completeRegistration,
  completeSignIn,
  PasskeyRefusal,
} from '../../features/passkeys/ceremony';
import { translate } from '../../i18n/current';
import { ClientResponseError } from '../../lib/pb/client';

const MAX_BODY = 32 * 1024;

export const POST: APIRoute = async ({ params, request, locals }) => {
  const context = { pb: locals.pb, secret: CHORUS_PROXY_SECRET, origin: request.headers.get('origin') };
  const userId = locals.user?.id;
  try {
    const text = await request.text();
    if (text.length > MAX_BODY) throw new PasskeyRefusal('failed', 400);
    const body = parseBody(text);
    switch (params.step) {
      case 'signin-options':
        return answer(200, await beginSignIn(context));
      case 'signin':
        return answer(200, await completeSignIn(context, body.response as never));
      case 'register-options':
        return answer(200, await beginRegistration(context, userId));
      case 'register':
        return answer(200, await completeRegistration(context, userId, body.response as never, nameOf(body.name)));
      default:
        return answer(404, { status: 404, code: 'notFound', message: translate('errors', 'notFound') });
    }
  } catch (error) {
    if (error instanceof PasskeyRefusal) {
      return answer(error.status, {
        status: error.status,
        code: error.code,
        message: translate('passkeys', error.code, error.values),
        ...(error.values && { origins: error.values }),
      });
    }
    if (error instanceof ClientResponseError && error.status >= 400) {
      const data = error.response as { code?: string; message?: string };
      return answer(error.status, { status: error.status, code: data.code ?? '', message: data.message ?? '' });
    }
    throw error;
  }
};

function parseBody(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const body = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Falls through to the refusal.
  }
  throw new PasskeyRefusal('failed', 400);
}

function nameOf(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length > 60) throw new PasskeyRefusal('badName', 400);
  return name || translate('passkeys', 'defaultName');
}

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });
}
