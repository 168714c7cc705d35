// Locally only: reads what is left of a request's body before its answer goes out, because the preview
// server's bridge into workerd (Miniflare's dispatchFetch over undici) fails with "fetch failed", and the
// visitor gets a bare 500, when workerd answers a POST without reading its body (a cross-site form refused
// by Astro's origin check, a write refused before its form is parsed). Cloudflare needs none of this.

/** `answer` once the request's unread body is consumed; at once when the body was read or there is none. */
export async function afterUnreadBody(request: Request, answer: Response): Promise<Response> {
  if (request.body && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
  return answer;
}
