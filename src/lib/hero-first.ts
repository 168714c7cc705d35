// Lets a page's first frame show its own heading and text: Astro writes its island runtime (inline scripts)
// just before the header's first island, and Chrome's parser stops to paint at an inline script once it has
// run a while, so the first frame held the header bar alone and the page's text came a frame later. The
// scripts move, unchanged, to the end of <main>: the header's islands are custom elements that upgrade
// when the runtime defines them, and a signed-out visitor's header islands never hydrate anyway.

const HEADER_START = '<header class="site-header"';
const HEADER_END = '</header>';
const MAIN_END = '</main>';
const INLINE_SCRIPT = /<script>[\s\S]*?<\/script>/g;

/** The page with the site header's inline scripts moved to the end of <main>. The page is read whole: piping
 * Astro's many small chunks through a transform stream cost the Worker more than the page's own render. */
export async function withHeroFirst(response: Response): Promise<Response> {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(moveHeaderScripts(await response.text()), response);
}

/** The move itself; a page without a site header, or without inline scripts in it, is left as it is. */
export function moveHeaderScripts(html: string): string {
  const start = html.indexOf(HEADER_START);
  const end = start === -1 ? -1 : html.indexOf(HEADER_END, start);
  if (end === -1) return html;
  const header = html.slice(start, end);
  const scripts = header.match(INLINE_SCRIPT);
  if (!scripts) return html;
  const rest = html.slice(end);
  const at = rest.indexOf(MAIN_END);
  const moved = scripts.join('');
  const after = at === -1 ? `${rest}${moved}` : `${rest.slice(0, at)}${moved}${rest.slice(at)}`;
  return `${html.slice(0, start)}${header.replace(INLINE_SCRIPT, '')}${after}`;
}
