// The header's inline scripts move to the end of <main>, unchanged and in order; other pages stay as they were.
import { describe, expect, it } from 'vitest';
import { moveHeaderScripts as moveBytes, withHeroFirst } from '../../src/lib/hero-first';

/** The move, on a page's text (it works on the page's UTF-8 bytes). */
const moveHeaderScripts = (html: string): string => new TextDecoder().decode(moveBytes(new TextEncoder().encode(html)));

const RUNTIME =
  '<script>(()=>{self.Astro={session:1}})();</script><script>customElements.define("astro-island",class{})</script>';
const PAGE = [
  '<!DOCTYPE html><html><head><script type="application/json" id="data">{}</script></head><body>',
  '<header class="site-header"><a href="/">Lumen</a><style>astro-island{display:contents}</style>',
  RUNTIME,
  '<astro-island uid="a"></astro-island><script type="module" src="/_astro/badge.js"></script></header>',
  '<main id="main"><h1>Ideas</h1><p class="welcome-prompt">Sign in to vote.</p></main>',
  '<footer>© Lumen</footer></body></html>',
].join('');
const MOVED = PAGE.replace(RUNTIME, '').replace('</main>', `${RUNTIME}</main>`);

describe('moving the island runtime out of the site header', () => {
  it('puts the header’s inline scripts just before </main>, leaving module scripts and JSON where they are', () => {
    expect(moveHeaderScripts(PAGE)).toBe(MOVED);
  });

  it('leaves a page without a site header, or a header without inline scripts, as it was', () => {
    const panel = '<html><body><main><script>x()</script><p>Panel</p></main></body></html>';
    expect(moveHeaderScripts(panel)).toBe(panel);
    const plain = PAGE.replace(RUNTIME, '');
    expect(moveHeaderScripts(plain)).toBe(plain);
  });

  it('still sends the scripts when the page has no </main>', () => {
    const noMain = PAGE.replace('</main>', '</div>');
    expect(moveHeaderScripts(noMain)).toBe(`${noMain.replace(RUNTIME, '')}${RUNTIME}`);
  });

  it('keeps every character whole around the move, however many bytes each takes', () => {
    const wide = PAGE.replace('Lumen</a>', 'Lümen ✨ 東京 🎉</a>').replace('<h1>Ideas</h1>', '<h1>Idées 💡</h1>');
    const moved = MOVED.replace('Lumen</a>', 'Lümen ✨ 東京 🎉</a>').replace('<h1>Ideas</h1>', '<h1>Idées 💡</h1>');
    expect(moveHeaderScripts(wide)).toBe(moved);
    expect(moveBytes(new TextEncoder().encode(wide)).length).toBe(new TextEncoder().encode(wide).length);
  });

  it('finds the tags past false starts (a "<" that begins something else)', () => {
    const teasing = PAGE.replace('<main id="main">', '<main id="main"><p><</p><mai>').replace(
      '<header class="site-header">',
      '<header class="site"></header><header class="site-header">',
    );
    expect(moveHeaderScripts(teasing)).toBe(teasing.replace(RUNTIME, '').replace('</main>', `${RUNTIME}</main>`));
  });

  it('rewrites HTML responses only, keeping status and headers', async () => {
    const html = await withHeroFirst(
      new Response(PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'x-a': '1' } }),
    );
    expect(html.status).toBe(404);
    expect(html.headers.get('x-a')).toBe('1');
    expect(await html.text()).toBe(MOVED);
    const json = new Response(PAGE, { headers: { 'content-type': 'application/json' } });
    expect(await withHeroFirst(json)).toBe(json);
  });
});
