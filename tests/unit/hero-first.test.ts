// The header's inline scripts move to the end of <main>, unchanged and in order, however the HTML is split.
import { describe, expect, it } from 'vitest';
import { moveHeaderScripts, withHeroFirst } from '../../src/lib/hero-first';

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

async function run(chunks: string[]): Promise<string> {
  const stream = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(moveHeaderScripts());
  let out = '';
  for await (const chunk of stream) out += chunk;
  return out;
}

describe('moving the island runtime out of the site header', () => {
  it('puts the header’s inline scripts just before </main>, leaving module scripts and JSON where they are', async () => {
    expect(await run([PAGE])).toBe(MOVED);
  });

  it('gives the same page whichever two chunks the HTML arrives in', async () => {
    for (let at = 0; at <= PAGE.length; at++) {
      expect(await run([PAGE.slice(0, at), PAGE.slice(at)])).toBe(MOVED);
    }
  });

  it('gives the same page one character at a time', async () => {
    expect(await run([...PAGE])).toBe(MOVED);
  });

  it('leaves a page without a site header, or a header without inline scripts, as it was', async () => {
    const panel = '<html><body><main><script>x()</script><p>Panel</p></main></body></html>';
    expect(await run([panel])).toBe(panel);
    const plain = PAGE.replace(RUNTIME, '');
    expect(await run([...plain])).toBe(plain);
  });

  it('still sends the scripts when the page has no </main>', async () => {
    const noMain = PAGE.replace('</main>', '</div>');
    expect(await run([noMain])).toBe(`${noMain.replace(RUNTIME, '')}${RUNTIME}`);
  });

  it('rewrites HTML responses only, keeping status and headers', async () => {
    const html = withHeroFirst(
      new Response(PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'x-a': '1' } }),
    );
    expect(html.status).toBe(404);
    expect(html.headers.get('x-a')).toBe('1');
    expect(await html.text()).toBe(MOVED);
    const json = new Response(PAGE, { headers: { 'content-type': 'application/json' } });
    expect(withHeroFirst(json)).toBe(json);
  });
});
