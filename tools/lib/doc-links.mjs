// The docs site's link check (tools/docs-build.mjs runs it after the build): every internal link and anchor in
// the built site (docs/dist) resolves; each broken one is named with the page it sits on.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsDist = fileURLToPath(new URL('../../docs/dist/', import.meta.url));

/** Every .html file under `dir`. */
function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The file a site path is served from, or null. */
function fileFor(dist, sitePath) {
  const clean = decodeURIComponent(sitePath).replace(/^\/+/, '');
  const candidates = [clean, join(clean, 'index.html'), `${clean}.html`];
  return candidates.map((c) => join(dist, c)).find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const idsCache = new Map();
function idsOf(file) {
  if (!idsCache.has(file)) {
    const ids = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    idsCache.set(file, ids);
  }
  return idsCache.get(file);
}

/** Broken internal links of the built site, as "page → link (why)". */
export function brokenLinks(dist = docsDist) {
  if (!existsSync(dist)) throw new Error('docs/dist is missing: run `npm run docs:build` first.');
  const broken = [];
  for (const page of htmlFiles(dist)) {
    const pagePath = `/${relative(dist, page).split('\\').join('/')}`;
    const html = readFileSync(page, 'utf8');
    for (const [, link] of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) {
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(link)) continue; // another site, mailto:, data:
      const [pathPart, anchor] = link.replace(/&amp;/g, '&').split('#');
      const target = pathPart ? fileFor(dist, posix.resolve(posix.dirname(pagePath), pathPart.split('?')[0])) : page;
      if (!target) broken.push(`${pagePath} → ${link} (no such page)`);
      else if (anchor && target.endsWith('.html') && !idsOf(target).has(decodeURIComponent(anchor))) {
        broken.push(`${pagePath} → ${link} (no #${anchor} on that page)`);
      }
    }
  }
  return broken;
}
