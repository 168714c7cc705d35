// GET /sso/start?next=… — "Sign in with <product>": sends the person to the app's login URL, which
// sends them back to /sso?next=…&state=…&token=… once signed in there. The state, kept in a short-lived
// HttpOnly cookie, binds that return to this browser (src/features/sso/sso-state.ts).
import type { APIRoute } from 'astro';
import { toAppLoginUrl } from '../../features/sso/sso-links';
import { newSsoState, ssoStateCookie } from '../../features/sso/sso-state';
import { loadWidgetSettings } from '../../features/widget/widget-data';

export const GET: APIRoute = async ({ locals, url }) => {
  const settings = await loadWidgetSettings(locals.pb);
  const state = newSsoState();
  const target = settings.sso_enabled
    ? toAppLoginUrl(settings.login_url, url.origin, url.searchParams.get('next'), state)
    : null;
  if (!target)
    return new Response(null, { status: 303, headers: { location: '/signin', 'cache-control': 'no-store' } });
  return new Response(null, {
    status: 303,
    headers: {
      location: target,
      'set-cookie': ssoStateCookie(state, url.protocol === 'https:'),
      'cache-control': 'no-store',
    },
  });
};
