// A real SMTP listener that keeps every message it receives, with a small web inbox to read them.
// Development points PocketBase's mailer at it; tests read the emails from it. A client that misbehaves or
// vanishes mid-message (PocketBase killed while sending) costs that message, never the process.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.mjs';

/** @param {{ smtpPort: number, webPort?: number | undefined, host?: string }} options */
export async function startMailCatcher({ smtpPort, webPort, host = '127.0.0.1' }) {
  const logError = (where) => (error) => {
    if (process.env.SMTP_DEBUG === '1') console.error(`Mail catcher (${where}): ${error.message}`);
  };
  /** @type {ReturnType<typeof parseMail>[]} */
  const messages = [];
  const waiters = new Set();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: process.env.SMTP_DEBUG === '1',
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', (error) => {
        logError('message')(error);
        callback(error);
      });
      stream.on('end', () => {
        const message = parseMail(Buffer.concat(chunks).toString('utf8'));
        messages.push(message);
        for (const waiter of waiters) waiter();
        callback();
      });
    },
  });
  // smtp-server reports socket errors (ECONNRESET mid-message…) on the server: without a listener they would
  // be thrown and end the whole process.
  smtp.on('error', logError('smtp'));
  await new Promise((resolvePromise) => smtp.listen(smtpPort, host, resolvePromise));

  let web;
  if (webPort) {
    web = createServer((req, res) => {
      if (req.url?.startsWith('/api/messages')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(messages));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(renderInbox(messages));
    });
    web.on('clientError', (error, socket) => {
      logError('inbox')(error);
      socket.destroy();
    });
    await new Promise((resolvePromise) => web.listen(webPort, host, resolvePromise));
    web.on('error', logError('inbox'));
  }

  /** Resolves with the first message (oldest first) matching `match`, waiting up to `timeoutMs`. */
  function waitFor(match, timeoutMs = 15_000) {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolvePromise(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching email arrived within ${timeoutMs} ms (${messages.length} received).`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    smtpPort,
    webUrl: webPort ? `http://${host}:${webPort}` : undefined,
    messages,
    waitFor,
    close: () =>
      Promise.all([new Promise((r) => smtp.close(r)), web ? new Promise((r) => web.close(r)) : undefined]).then(
        () => undefined,
      ),
  };
}

const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Every header as it arrived (List-Unsubscribe, List-Unsubscribe-Post…), so people can check them too. */
function renderHeaders(headers = {}) {
  return Object.entries(headers)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('');
}

function renderInbox(messages) {
  const items = [...messages]
    .reverse()
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>To: ${escapeHtml(m.to)} · ${m.date}</p><details><summary>Headers</summary><dl>${renderHeaders(m.headers)}</dl></details><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('<hr>');
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Chorus mail catcher</title><style>body{font-family:system-ui;max-width:50rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap}</style><h1>Emails sent by Chorus (${messages.length})</h1>${items || '<p>No emails yet.</p>'}`;
}
