// /admin is for staff: visitors are sent to sign in, signed-in members get a 404 (nothing to see here).
import type { AstroGlobal } from 'astro';
import { isAdmin, isStaff } from './access';
import { withNext } from './next-link';

export async function guardStaff(astro: AstroGlobal, { adminOnly = false } = {}): Promise<Response | null> {
  const user = astro.locals.user;
  if (!user) return astro.redirect(withNext('/signin', astro.url.pathname));
  if (!(adminOnly ? isAdmin(user) : isStaff(user))) return astro.rewrite('/404');
  return null;
}
