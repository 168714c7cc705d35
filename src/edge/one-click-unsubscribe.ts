// RFC 8058 one-click unsubscribe for release emails: a mail provider POSTs `List-Unsubscribe=One-Click` to
// the link in the email's List-Unsubscribe header, with no sign-in and no Origin, so the Worker answers it
// before Astro (whose origin check refuses cross-site form posts). The token in the URL is all the authority
// there is: PocketBase checks its signature (pb_hooks/changelog/changelog-subscribers.pb.js), so a forged one changes
// nothing. The unsubscribe page's own button posts here too and is sent back to the page with the result.

export const ONE_CLICK_PATH = '/changelog-emails/unsubscribe';
const MAX_BODY = 2048;
const MAX_TOKEN = 2000;

export interface OneClickEnv {
  PB_URL?: string;
  PUBLIC_PB_URL?: string;
}

async function tokenOf(request: Request, url: URL): Promise<string> {
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) return fromUrl;
  const text = (await request.text().catch(() => '')).slice(0, MAX_BODY);
  return new URLSearchParams(text).get('token') ?? '';
}

export async function handleOneClickUnsubscribe(request: Request, env: OneClickEnv): Promise<Response> {
  const url = new URL(request.url);
  const token = (await tokenOf(request, url)).slice(0, MAX_TOKEN);
  const pbUrl = (env.PB_URL || env.PUBLIC_PB_URL || 'http://127.0.0.1:8090').replace(/\/+$/, '');
  let status = 502;
  try {
    const answer = await fetch(`${pbUrl}/api/chorus/changelog/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(10_000),
    });
    status = answer.ok ? 200 : answer.status >= 500 ? 502 : 400;
  } catch {
    status = 502;
  }
  const fromPage = request.headers.get('sec-fetch-mode') === 'navigate' || request.headers.get('origin') === url.origin;
  if (fromPage && status !== 502) {
    const result = status === 200 ? 'done=1' : 'invalid=1';
    return new Response(null, {
      status: 303,
      headers: { location: `${ONE_CLICK_PATH}?${result}`, 'cache-control': 'no-store' },
    });
  }
  const text = status === 200 ? 'Unsubscribed.' : status === 400 ? 'This link is not valid.' : 'Try again later.';
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
