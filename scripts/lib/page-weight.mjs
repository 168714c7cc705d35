// Measures what a page makes a browser load up front: its stylesheets, its module scripts and
// every module they import statically (dynamic import() is on-demand and not counted), gzip bytes;
// and, apart, the messages the page embeds for its islands (the #chorus-i18n JSON, see I18nData.astro).
import { gzipSync } from 'node:zlib';

const gzipSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const I18N_DATA = /<script[^>]*\bid="chorus-i18n"[^>]*>([\s\S]*?)<\/script>/;

/** @param {{ headers?: Record<string, string> }} [options] e.g. a `chorus_lang` cookie for a language */
export async function measurePage(siteUrl, path, cache = new Map(), { headers = {} } = {}) {
  const response = await fetch(new URL(path, siteUrl), { headers });
  const html = await response.text();
  const i18nJson = I18N_DATA.exec(html)?.[1] ?? '';
  const locale = /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? '';
  const cssUrls = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  // Islands that wait for a session or an interaction (src/directives/) load nothing up front for the
  // signed-out visitor these figures are for: their modules count only if another island loads them.
  const upFrontIslands = [...html.matchAll(/<astro-island\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/\bclient="(session|interact)"/.test(tag));
  const jsUrls = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...upFrontIslands.flatMap((tag) =>
      [...tag.matchAll(/(?:component|renderer|before-hydration)-url="([^"]+)"/g)].map((m) => m[1]),
    ),
  ];
  const inlineScripts = [
    ...html.replace(I18N_DATA, '').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1]);
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);

  const seen = new Set();
  let js = inlineScripts.reduce((sum, code) => sum + gzipSize(code), 0);
  const queue = jsUrls.map((u) => new URL(u, siteUrl).href);
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await fetchText(url, cache);
    js += gzipSize(code);
    for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(new URL(match[1], url).href);
    }
  }
  let css = inlineStyles.reduce((sum, code) => sum + gzipSize(code), 0);
  for (const href of cssUrls) css += gzipSize(await fetchText(new URL(href, siteUrl).href, cache));
  return {
    path,
    status: response.status,
    locale,
    jsBytes: js,
    jsFiles: seen.size,
    cssBytes: css,
    i18nBytes: i18nJson ? gzipSize(i18nJson) : 0,
  };
}

async function fetchText(url, cache) {
  if (!cache.has(url))
    cache.set(
      url,
      fetch(url).then((r) => r.text()),
    );
  return cache.get(url);
}

/** The widget: its loader's gzip bytes, and what its panel (the board's embed page) loads on first open. */
export async function measureWidget(siteUrl, boardPath = '/b/features', cache = new Map()) {
  const loader = gzipSize(await fetchText(new URL('/widget.js', siteUrl).href, cache));
  const panel = await measurePage(siteUrl, `/embed${boardPath}`, cache);
  return { loader, panel };
}
