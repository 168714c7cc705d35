// POST /language (the footer's plain form, works without JavaScript): remembers the picked language in a
// cookie and, for a member, in their account; then back to the page. Cross-site posts are refused by
// the middleware (src/lib/cross-site.ts), as for every form route.
import type { APIRoute } from 'astro';
import { translate } from '../i18n/current';
import { languageCookie } from '../i18n/resolve';
import { readLanguageChoice } from '../lib/language-choice';
import { saveMemberLocale } from '../lib/pb/member-locale';

export const POST: APIRoute = async ({ request, locals, url }) => {
  const form = await request.formData().catch(() => new FormData());
  const choice = readLanguageChoice(form);
  if (!choice.ok) {
    return new Response(translate('pageErrors', 'unknownLanguage'), {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  if (locals.user) {
    // The cookie still carries the choice if the account refuses it (a blocked member).
    await saveMemberLocale(locals.pb, locals.user.id, choice.locale).catch(() => undefined);
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: choice.next,
      'set-cookie': languageCookie(choice.locale, url.protocol === 'https:'),
      'cache-control': 'no-store',
    },
  });
};
