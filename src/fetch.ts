// Astro's request handler (Astro 7's src/fetch.ts): the whole of Astro's pipeline, with pages rendered whole rather
// than streamed. The middleware reads every page whole anyway (src/lib/hero-first.ts) and the edge caches it whole,
// so streaming bought nothing and cost the Worker a fifth of an idea page's render (issue 59: docs,
// architecture/edge-cache).
import { astro, FetchState } from 'astro/fetch';

export default {
  fetch(request: Request): Promise<Response> {
    const state = new FetchState(request);
    state.streaming = false;
    return astro(state);
  },
};
