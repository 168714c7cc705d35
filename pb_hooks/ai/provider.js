// The AI provider, the one module that speaks to it (issue 38): any OpenAI-compatible embeddings API (OpenAI, Ollama,
// an AI gateway, Workers AI's OpenAI-compatible endpoint, or the local stand-in tools/lib/ai-stand-in.mjs).
// Configured by the operator's environment only: CHORUS_AI_URL (the base URL, e.g. https://api.openai.com/v1),
// CHORUS_AI_KEY (a bearer token, optional), CHORUS_AI_EMBEDDING_MODEL (the model's name, recorded with every vector).
// Unset on a site deployed to Cloudflare (EDGE_URL and EDGE_PURGE_SECRET, as `npm run deploy` writes them): Workers
// AI through the Worker (/edge/ai/v1, src/edge/ai-embeddings.ts, bge-m3), with nothing to set up. `off`: none.
// The request shape is OpenAI's published one (POST {base}/embeddings { model, input: [texts] }). The URL is the
// operator's, not a visitor's, so it is sent with $http.send (a local Ollama is fine), not platform/outbound/outbound.js.
// Errors thrown here carry the status only, never the provider's body or the key.

const MAX_TEXTS = 64;
const MAX_CHARS = 8000;
const TIMEOUT_SECONDS = 20;

/** Workers AI's multilingual model, asked of the Worker when no provider is named (src/edge/ai-embeddings.ts). */
const WORKERS_AI_MODEL = '@cf/baai/bge-m3';

function settings() {
  const named = String($os.getenv('CHORUS_AI_URL') || '').trim();
  if (named === 'off') return { url: '', key: '', model: '' };
  if (named) {
    return {
      url: named.replace(/\/+$/, ''),
      key: String($os.getenv('CHORUS_AI_KEY') || '').trim(),
      model: String($os.getenv('CHORUS_AI_EMBEDDING_MODEL') || '').trim(),
    };
  }
  const edge = String($os.getenv('EDGE_URL') || '').trim();
  const secret = String($os.getenv('EDGE_PURGE_SECRET') || '').trim();
  if (!edge || !secret) return { url: '', key: '', model: '' };
  return {
    url: `${edge.replace(/\/+$/, '')}/edge/ai/v1`,
    key: secret,
    model: String($os.getenv('CHORUS_AI_EMBEDDING_MODEL') || '').trim() || WORKERS_AI_MODEL,
  };
}

/** Is a provider configured (a URL and a model)? Without one, nothing about meaning runs. */
function isConfigured() {
  const { url, model } = settings();
  return Boolean(url && model);
}

/** Which kind of provider answers: 'workers-ai' (through the Worker), 'openai-compatible' (a named URL) or ''. */
function providerName() {
  if (!isConfigured()) return '';
  return String($os.getenv('CHORUS_AI_URL') || '').trim() ? 'openai-compatible' : 'workers-ai';
}

/** The model every vector is made with now ('' without a provider). */
function modelName() {
  return isConfigured() ? settings().model : '';
}

/**
 * POSTs `body` as JSON to `{url}{path}` of an OpenAI-compatible API, the key (if any) as a bearer token: $http.send's
 * answer, for the caller to read (embeddings here, chat completions in ai/chat.js).
 */
function postJson({ url, key }, path, body, timeoutSeconds) {
  const headers = { 'content-type': 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  return $http.send({
    url: `${url}${path}`,
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    timeout: timeoutSeconds,
  });
}

/** The parsed JSON of a 200 answer of `who` (the AI provider, the chat model); an Error (status only) otherwise. */
function answerJson(answer, who) {
  if (answer.statusCode !== 200) throw new Error(`${who} answered HTTP ${answer.statusCode}`);
  try {
    return JSON.parse(toString(answer.body));
  } catch (_) {
    throw new Error(`${who} answered something other than JSON`);
  }
}

/**
 * Embeds up to 64 texts: { model, dims, vectors } with one array of numbers per text, in order; dims is what the
 * provider answered. Throws an Error (status only) when it refuses, times out or answers something else.
 */
function embed(texts, { timeoutSeconds = TIMEOUT_SECONDS } = {}) {
  const { url, key, model } = settings();
  if (!url || !model) throw new Error('no AI provider is configured (CHORUS_AI_URL, CHORUS_AI_EMBEDDING_MODEL)');
  const input = Array.from(texts, (text) => String(text || ' ').slice(0, MAX_CHARS) || ' ');
  if (input.length === 0) return { model, dims: 0, vectors: [] };
  if (input.length > MAX_TEXTS) throw new Error(`at most ${MAX_TEXTS} texts per call`);
  const answer = postJson({ url, key }, '/embeddings', { model, input, encoding_format: 'float' }, timeoutSeconds);
  const parsed = answerJson(answer, 'the AI provider');
  const data = Array.isArray(parsed?.data) ? parsed.data : null;
  if (!data || data.length !== input.length) throw new Error('the AI provider answered another number of vectors');
  const vectors = new Array(input.length);
  for (let i = 0; i < data.length; i++) {
    const index = Number.isInteger(data[i]?.index) ? data[i].index : i;
    const embedding = data[i]?.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0 || index < 0 || index >= input.length) {
      throw new Error('the AI provider answered a vector that is not a list of numbers');
    }
    vectors[index] = embedding;
  }
  const dims = vectors[0]?.length || 0;
  if (vectors.some((vector) => !vector || vector.length !== dims || vector.some((n) => !Number.isFinite(n)))) {
    throw new Error('the AI provider answered vectors of different sizes or that are not numbers');
  }
  return { model, dims, vectors };
}

/** Where the provider answers and its key, whatever model is asked (ai/chat.js asks the same one for chat): { url, key }. */
function connection() {
  const { url, key } = settings();
  return { url, key };
}

module.exports = { isConfigured, providerName, modelName, embed, connection, postJson, answerJson, MAX_TEXTS };
