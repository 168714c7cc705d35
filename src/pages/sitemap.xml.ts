import type { APIRoute } from 'astro';
import { listSitemapEntries } from '../features/site/sitemap';
import { siteHref } from '../lib/canonical';
import { escapeXml } from '../lib/xml';

export const GET: APIRoute = async ({ locals, url }) => {
  const entries = await listSitemapEntries(locals.pb);
  const urls = entries
    .map((e) => {
      const lastmod = e.updated ? `<lastmod>${new Date(e.updated.replace(' ', 'T')).toISOString()}</lastmod>` : '';
      return `<url><loc>${escapeXml(siteHref(e.path, url))}</loc>${lastmod}</url>`;
    })
    .join('');
  return new Response(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' } },
  );
};
