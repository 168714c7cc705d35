// The changelog as an Atom feed (RFC 4287): one entry per published release, newest first. Its own words
// are in the site's default language, which `xml:lang` declares (releases are written in it too).
import type { APIRoute } from 'astro';
import { listPublishedEntries } from '../../features/changelog/changelog';
import { loadSite } from '../../features/site/site';
import { directionOf, isLocale, SOURCE_LOCALE } from '../../i18n/locales';
import { loadMessages } from '../../i18n/messages';
import { bindNamespace } from '../../i18n/translator';
import { siteOrigin } from '../../lib/canonical';
import { renderMarkdown } from '../../lib/markdown';
import { escapeXml } from '../../lib/xml';

export const GET: APIRoute = async ({ locals, url }) => {
  const [site, list] = await Promise.all([loadSite(locals.pb), listPublishedEntries(locals.pb, 1, 50)]);
  const locale = isLocale(site.default_locale) ? site.default_locale : SOURCE_LOCALE;
  const t = bindNamespace({ locale, dir: directionOf(locale), messages: await loadMessages(locale) }, 'pageFeed');
  const origin = siteOrigin(url);
  const updated = list.items[0]?.published_at || site.updated || new Date().toISOString();
  const iso = (date: string) => new Date(date.replace(' ', 'T')).toISOString();
  const entries = list.items.map((entry) => {
    const link = `${origin}/changelog/${entry.slug}`;
    return `  <entry>
    <title>${escapeXml(entry.title)}</title>
    <link rel="alternate" type="text/html" href="${link}"/>
    <id>${link}</id>
    <published>${iso(entry.published_at)}</published>
    <updated>${iso(entry.published_at)}</updated>
${(entry.labels ?? []).map((label) => `    <category term="${label}"/>`).join('\n')}
    <content type="html">${escapeXml(renderMarkdown(entry.body))}</content>
  </entry>`;
  });
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${locale}">
  <title>${escapeXml(t('title', { site: site.name }))}</title>
  <subtitle>${escapeXml(site.tagline || t('subtitle'))}</subtitle>
  <link rel="self" type="application/atom+xml" href="${origin}/changelog/feed.xml"/>
  <link rel="alternate" type="text/html" href="${origin}/changelog"/>
  <id>${origin}/changelog</id>
  <updated>${iso(updated)}</updated>
  <author><name>${escapeXml(site.name)}</name></author>
${entries.join('\n')}
</feed>
`;
  return new Response(xml, {
    headers: {
      'content-type': 'application/atom+xml; charset=utf-8',
      'content-language': locale,
      'cache-control': 'public, max-age=0, s-maxage=300',
    },
  });
};
