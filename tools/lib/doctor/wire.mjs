// The doctor's ways to reach a deployment: HTTP with a time limit whose failure is one sentence, PocketBase as
// its superuser, and a live socket on the site that waits for one topic's message.
import { oneSentence } from '../cli.mjs';

const TIMEOUT_MS = 10_000;

/** A check's failure: what is wrong and what to do, each one sentence. */
export class Fault extends Error {
  /** @param {string} message @param {string} [fix] */
  constructor(message, fix = '') {
    super(message);
    this.fix = fix;
  }
}

/** A check that cannot run (something it needs failed, or it cannot be seen from here): not a failure. */
export class Skip extends Error {}

/** fetch() that fails in one sentence naming the address: nothing answers, unknown host, a timeout. */
export async function request(url, init = {}) {
  try {
    return await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS), ...init });
  } catch (error) {
    const why = error?.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : oneSentence(error);
    throw new Fault(`${new URL(url).origin} cannot be reached: ${why}.`);
  }
}

/** PocketBase as its superuser: `send(path, init)` answers parsed JSON, or throws a Fault naming the status. */
export async function pocketBaseAsSuperuser(pbUrl, { email, password }) {
  const response = await request(`${pbUrl}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  });
  if (response.status === 400 || response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Fault(`PocketBase at ${pbUrl} answered ${response.status} to a sign-in.`);
  const { token } = await response.json();
  return {
    token,
    async send(path, init = {}) {
      const answer = await request(`${pbUrl}${path}`, {
        ...init,
        headers: { authorization: token, 'content-type': 'application/json', ...init.headers },
      });
      const text = await answer.text();
      const body = text ? safeJson(text) : null;
      return { status: answer.status, body };
    },
  };
}

function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { text: text.slice(0, 200) };
  }
}

/**
 * Opens the site's /live socket and follows `topic`; `next()` resolves with the first message on it (or null
 * after `timeoutMs`). Rejects with a Fault when the socket does not open.
 */
export function listenLive(siteUrl, topic, timeoutMs = 8000) {
  const url = new URL('/live', siteUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let arrived = null;
    let waiting = null;
    const opened = setTimeout(() => {
      socket.close();
      reject(new Fault(`The live socket at ${url.href} did not open within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    socket.addEventListener('error', () => {
      clearTimeout(opened);
      reject(new Fault(`The live socket at ${url.href} was refused.`));
    });
    socket.addEventListener('message', (event) => {
      const message = safeJson(String(event.data));
      if (message?.ack === 1) {
        clearTimeout(opened);
        resolve({
          next: () =>
            arrived
              ? Promise.resolve(arrived)
              : new Promise((done) => {
                  waiting = done;
                  setTimeout(() => done(null), timeoutMs);
                }),
          close: () => socket.close(),
        });
      } else if (message?.t === topic) {
        arrived = message;
        waiting?.(message);
      }
    });
    socket.addEventListener('open', () => socket.send(JSON.stringify({ sub: [topic], id: 1 })));
  });
}
