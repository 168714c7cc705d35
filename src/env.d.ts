/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** This request's PocketBase client, signed in from the auth cookie when there is one. */
    pb: import('./lib/pb/client').PocketBase;
    /** Who is signed in, or null for a visitor (and on a member audience's copy, which knows no person). */
    user: import('./lib/pb/types').SessionUser | null;
    /** 'member' on the member audience's cached copy, 'segment:<id>' on a segment audience's (each rendered as its
     * principal: what is personal comes after hydration), '' otherwise (src/lib/pb/audience.ts). */
    audience: import('./lib/pb/audience').Audience;
    /** The PocketBase URL browsers use (islands read it from the page). */
    pbPublicUrl: string;
    /** The site record and boards navigation, loaded once per page request. */
    shell: import('./features/site/site').Shell;
    /** The widget settings, loaded for the embed routes only (their frame-ancestors come from it). */
    widget: import('./features/widget/widget-data').WidgetSettingsRecord | null;
    /** This request's language, direction and messages (src/i18n/). */
    i18n: import('./i18n/translator').I18n;
    /** What chose the language: the member, the picker's cookie, the browser, or the site default. */
    localeSource: import('./i18n/resolve').LocaleSource;
    /** Edge-cache tags a non-page route declares for its signed-out answer (src/pages/files/), else unset. */
    cacheTags?: string[];
  }
}
