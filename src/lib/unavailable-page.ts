// The friendly pages shown when PocketBase cannot answer: unreachable (503) or throttling this visitor (429).
// No stack trace, and no dependency on PocketBase.
const page = (title: string, heading: string, lines: string[], refreshSeconds: number) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="${refreshSeconds}">
<title>${title} · Chorus</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;background:Canvas;color:CanvasText}
main{max-width:32rem;text-align:center}
</style>
</head>
<body>
<main>
<h1>${heading}</h1>
${lines.map((line) => `<p>${line}</p>`).join('\n')}
</main>
</body>
</html>`;

const UNAVAILABLE = page(
  'Back in a moment',
  'We’ll be right back',
  [
    'Chorus can’t reach its database at the moment. Nothing you wrote is lost.',
    'This page retries by itself every 15 seconds, or <a href="">try again now</a>.',
  ],
  15,
);

const RATE_LIMITED = page(
  'Too many requests',
  'Too many attempts, try again in a minute',
  [
    'Chorus received a lot of requests from your connection and is pausing them for a moment. Nothing you wrote is lost.',
    'This page retries by itself in a minute, or <a href="">try again now</a>.',
  ],
  60,
);

const htmlResponse = (html: string, status: number, retryAfter: number) =>
  new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(retryAfter),
      'cache-control': 'no-store',
    },
  });

export function renderUnavailablePage(): Response {
  return htmlResponse(UNAVAILABLE, 503, 15);
}

export function renderRateLimitedPage(): Response {
  return htmlResponse(RATE_LIMITED, 429, 60);
}
