// The friendly page shown when PocketBase cannot be reached: no stack trace, no dependency on it.
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="15">
<title>Back in a moment · Chorus</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem;background:Canvas;color:CanvasText}
main{max-width:32rem;text-align:center}
</style>
</head>
<body>
<main>
<h1>We’ll be right back</h1>
<p>Chorus can’t reach its database at the moment. Nothing you wrote is lost.</p>
<p>This page retries by itself every 15 seconds, or <a href="">try again now</a>.</p>
</main>
</body>
</html>`;

export function renderUnavailablePage(): Response {
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '15', 'cache-control': 'no-store' },
  });
}
