import type { APIRoute } from 'astro';
import { siteHref } from '../lib/canonical';

export const GET: APIRoute = ({ url }) =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /settings',
      'Disallow: /notifications',
      'Disallow: /signin',
      'Disallow: /signup',
      '',
      `Sitemap: ${siteHref('/sitemap.xml', url)}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } },
  );
