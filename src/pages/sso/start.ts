// GET /sso/start?next=… — "Sign in with <product>": sends the person to the app's login URL, which
// sends them back to /sso?next=…&token=… once signed in there.
import type { APIRoute } from 'astro';
import { loadWidgetSettings } from '../../lib/pb/widget';
import { toAppLoginUrl } from '../../lib/sso-links';

export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const settings = await loadWidgetSettings(locals.pb);
  const target = settings.sso_enabled
    ? toAppLoginUrl(settings.login_url, url.origin, url.searchParams.get('next'))
    : null;
  return target ? redirect(target, 303) : redirect('/signin', 303);
};
