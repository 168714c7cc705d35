// Lets a page's first frame show its own heading and text: Astro writes its island runtime (inline scripts)
// just before the header's first island, and Chrome's parser stops to paint at an inline script once it has
// run a while, so the first frame held the header bar alone and the page's text came a frame later. The
// scripts move, unchanged, to the end of <main>: the header's islands are custom elements that upgrade
// when the runtime defines them, and a signed-out visitor's header islands never hydrate anyway.

const HEADER_START = '<header class="site-header"';
const HEADER_END = '</header>';
const MAIN_END = '</main>';
const INLINE_SCRIPT = /<script>[\s\S]*?<\/script>/g;
/** Past this much text with no site header in sight, the page has none (the widget's panel, admin). */
const HEADER_SEARCH_LIMIT = 64 * 1024;

/** The page's HTML, streamed, with the site header's inline scripts moved to the end of <main>. */
export function withHeroFirst(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const body = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(moveHeaderScripts())
    .pipeThrough(new TextEncoderStream());
  return new Response(body, response);
}

/** The move itself, on text however it is split into chunks. */
export function moveHeaderScripts(): TransformStream<string, string> {
  let pending = '';
  let scripts: string[] | null = null; // null until the header has passed
  let done = false;
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      pending += chunk;
      if (scripts === null) {
        const start = pending.indexOf(HEADER_START);
        const end = start === -1 ? -1 : pending.indexOf(HEADER_END, start);
        if (end === -1) {
          if (start === -1 && (pending.length > HEADER_SEARCH_LIMIT || pending.includes('<main'))) finish(controller);
          return;
        }
        const header = pending.slice(start, end);
        const found = header.match(INLINE_SCRIPT) ?? [];
        if (found.length === 0) {
          finish(controller);
          return;
        }
        scripts = found;
        controller.enqueue(pending.slice(0, start) + header.replace(INLINE_SCRIPT, ''));
        pending = pending.slice(end);
      }
      const at = pending.indexOf(MAIN_END);
      if (at !== -1) {
        controller.enqueue(pending.slice(0, at) + scripts.join(''));
        pending = pending.slice(at);
        finish(controller);
        return;
      }
      // Keep back what could be the start of a `</main>` split across chunks.
      const keep = MAIN_END.length - 1;
      if (pending.length > keep) {
        controller.enqueue(pending.slice(0, -keep));
        pending = pending.slice(-keep);
      }
    },
    flush(controller) {
      if (!done) controller.enqueue(pending + (scripts ?? []).join(''));
    },
  });

  function finish(controller: TransformStreamDefaultController<string>) {
    controller.enqueue(pending);
    pending = '';
    done = true;
  }
}
