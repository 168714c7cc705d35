// Runs in workerd beside the bare Worker (bare-worker.mjs) as its ASSETS binding: the build's static files
// with the content types Cloudflare's asset server gives them (workerd's disk service sends none), and the
// headers the build's `_headers` file sets on them (the hashed scripts' `Cache-Control: immutable`), as
// Cloudflare applies it to static assets.
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

/** `_headers` rules: a path pattern (`*` any text, `:name` one segment) on its own line, then indented `Name: value`. */
function parseHeaders(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/:[A-Za-z]\w*/g, '[^/]+');
      rules.push({ path: new RegExp(`^${pattern}$`), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    if (rules.length && colon > 0)
      rules.at(-1).headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

let rules;
async function headerRules(env, url) {
  rules ??= env.FILES.fetch(new URL('/_headers', url)).then(async (file) =>
    file.ok ? parseHeaders(await file.text()) : [],
  );
  return rules;
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    // Cloudflare never serves the build's own config files (`_headers`, `.assetsignore`).
    if (/\/[._][^/]*$/.test(pathname) && !pathname.startsWith('/_astro/')) return new Response(null, { status: 404 });
    const file = await env.FILES.fetch(request);
    if (!file.ok) return new Response(null, { status: 404 });
    const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase() ?? '';
    const headers = new Headers({ 'content-type': TYPES[extension] ?? 'application/octet-stream' });
    for (const rule of await headerRules(env, request.url)) {
      if (rule.path.test(pathname)) for (const [name, value] of rule.headers) headers.append(name, value);
    }
    return new Response(file.body, { headers });
  },
};
