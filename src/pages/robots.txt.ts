import type { APIRoute } from 'astro';

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
      `Sitemap: ${new URL('/sitemap.xml', url.origin).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } },
  );
