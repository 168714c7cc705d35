// A team's own app for the widget tests, on a second origin: pages embedding the widget (optionally
// with hostile CSS), an endpoint signing identify tokens with the admin's secret, and a login page
// that sends people back to Chorus with a token ("Sign in with <product>").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type IdentifyClaims, signIdentifyToken } from '../support/identify-tokens';

export interface HostApp {
  /** http://localhost:<port>: a different site from Chorus's 127.0.0.1. */
  origin: string;
  /** http://127.0.0.1:<port>: the same server under an origin the admin did not allow. */
  otherOrigin: string;
  /** The person this app signs tokens for. */
  person: IdentifyClaims;
  stop(): Promise<void>;
}

const HOSTILE_CSS = `* { all: unset !important; font-size: 64px !important; line-height: 3 !important; }
html, body { font-size: 80px !important; font-family: "Comic Sans MS", cursive !important; }
div, iframe, button { position: static !important; transform: scale(2) !important; }`;

export async function startHostApp(siteUrl: string, secret: string, person: IdentifyClaims): Promise<HostApp> {
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://host.invalid');
    if (url.pathname === '/token') {
      response.setHeader('content-type', 'text/plain');
      response.end(await signIdentifyToken(secret, person));
    } else if (url.pathname === '/login') {
      const back = new URL(url.searchParams.get('return_to') ?? '');
      back.searchParams.set('token', await signIdentifyToken(secret, person));
      response.writeHead(302, { location: back.href }).end();
    } else {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(hostPage(siteUrl, url.searchParams));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    otherOrigin: `http://127.0.0.1:${port}`,
    person,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `?hostile` adds aggressive CSS; `?identify` signs the person in through the JavaScript API. */
function hostPage(siteUrl: string, params: URLSearchParams): string {
  const identify = params.has('identify')
    ? `<script>
        window.Chorus = { q: [] };
        fetch('/token').then((r) => r.text()).then((token) => {
          if (window.Chorus.open) window.Chorus.identify(token); else window.Chorus.q.push(['identify', [token]]);
        });
      </script>`
    : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Acme app</title>
    ${params.has('hostile') ? `<style>${HOSTILE_CSS}</style>` : ''}
  </head>
  <body>
    <main><h1>Acme dashboard</h1><p>The team's own product.</p></main>
    ${identify}
    <script src="${siteUrl}/widget.js" data-board="features" data-label="Feedback" async></script>
  </body>
</html>`;
}
