// Runs in workerd beside the bare Worker (bare-worker.mjs) as its ASSETS binding: the build's static files
// with the content types Cloudflare's asset server gives them (workerd's disk service sends none).
const TYPES = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  webp: 'image/webp',
  ico: 'image/x-icon',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    // Cloudflare never serves the build's own config files (`_headers`, `.assetsignore`).
    if (/\/[._][^/]*$/.test(pathname) && !pathname.startsWith('/_astro/')) return new Response(null, { status: 404 });
    const file = await env.FILES.fetch(request);
    if (!file.ok) return new Response(null, { status: 404 });
    const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase() ?? '';
    return new Response(file.body, {
      headers: { 'content-type': TYPES[extension] ?? 'application/octet-stream' },
    });
  },
};
