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
  // Islands that wait (src/directives/) load nothing up front until their moment: `client:session` ones
  // when someone is signed in, `client:interact` ones when reached for (or at once for a member when their
  // options say `session`). So a signed-out visitor and a signed-in member load different sets up front.
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => m[0]);
  const directive = (tag) => /\bclient="([a-z]+)"/.exec(tag)?.[1] ?? '';
  const atOnceForMember = (tag) => directive(tag) === 'interact' && /&quot;session&quot;:true/.test(tag);
  const forVisitor = islands.filter((tag) => !['session', 'interact'].includes(directive(tag)));
  const forMember = islands.filter((tag) => directive(tag) !== 'interact' || atOnceForMember(tag));
  const scriptUrls = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const islandUrls = (tags) =>
    tags.flatMap((tag) => [...tag.matchAll(/(?:component|renderer|before-hydration)-url="([^"]+)"/g)].map((m) => m[1]));
  const inlineScripts = [
    ...html.replace(I18N_DATA, '').matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => m[1]);
  const inlineStyles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const inlineJs = inlineScripts.reduce((sum, code) => sum + gzipSize(code), 0);
  const upFront = await moduleWeight([...scriptUrls, ...islandUrls(forVisitor)], siteUrl, cache);
  const member = await moduleWeight([...scriptUrls, ...islandUrls(forMember)], siteUrl, cache);

  let css = inlineStyles.reduce((sum, code) => sum + gzipSize(code), 0);
  for (const href of cssUrls) css += gzipSize(await fetchText(new URL(href, siteUrl).href, cache));
  return {
    path,
    status: response.status,
    locale,
    /** What a signed-out visitor's browser loads up front. */
    jsBytes: inlineJs + upFront.bytes,
    jsFiles: upFront.files,
    /** What a signed-in member's browser loads up front (the islands waiting for a session hydrate). */
    jsBytesMember: inlineJs + member.bytes,
    cssBytes: css,
    i18nBytes: i18nJson ? gzipSize(i18nJson) : 0,
  };
}

/** Gzip bytes of these modules and every module they import statically (dynamic import() is not counted). */
async function moduleWeight(urls, siteUrl, cache) {
  const seen = new Set();
  let bytes = 0;
  const queue = urls.map((u) => new URL(u, siteUrl).href);
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await fetchText(url, cache);
    bytes += gzipSize(code);
    for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(new URL(match[1], url).href);
    }
  }
  return { bytes, files: seen.size };
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
