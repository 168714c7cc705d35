// /admin is for staff: visitors are sent to sign in, signed-in members get a 404 (nothing to see here).
import type { AstroGlobal } from 'astro';
import { isStaff } from './pb/client';

export async function guardStaff(astro: AstroGlobal, { adminOnly = false } = {}): Promise<Response | null> {
  const user = astro.locals.user;
  if (!user) return astro.redirect(`/signin?next=${encodeURIComponent(astro.url.pathname)}`);
  const allowed = adminOnly ? user.role === 'admin' : isStaff(user);
  if (!allowed || user.blocked) return astro.rewrite('/404');
  return null;
}
