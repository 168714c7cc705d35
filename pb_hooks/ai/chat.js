// The chat model, the one module that asks it (issues 61 and 58): optional, never required for the board to work.
// OpenAI's chat completions API (POST {base}/chat/completions { model, messages, temperature: 0, max_tokens,
// response_format: { type: 'json_object' } }, answer choices[0].message.content), asked of the same provider as
// embeddings (ai/provider.js: a named OpenAI-compatible URL, or Workers AI through the Worker's
// /edge/ai/v1/chat/completions, src/edge/ai-chat.ts) unless CHORUS_AI_CHAT_URL names another.
// Settings, from the operator's environment only (read at each call, like provider.js):
// - CHORUS_AI_CHAT_MODEL: the chat model's name; unset (the default): no chat model, every caller falls back.
// - CHORUS_AI_CHAT_URL, CHORUS_AI_CHAT_KEY: another OpenAI-compatible API for chat (default: the embeddings one).
// - CHORUS_AI_CHAT_CALLS_PER_HOUR (default 60): the most calls in any hour, all uses together (cost and abuse:
//   every call is one row of ai_chat_calls, counted before asking; a refused or failed call counts too; rows older
//   than 30 days are dropped as calls are taken, so the table stays bounded).
// - CHORUS_AI_CHAT_TIMEOUT (seconds, default 15): how long one answer may take.
// Callers run in background jobs, never in a request. The URL is the operator's, so it is sent with $http.send
// (as embeddings), not the outbound policy meant for visitors' URLs. Errors carry the status only, never the
// provider's body or the key; the key is never returned by anything here.

const DEFAULT_CALLS_PER_HOUR = 60;
const DEFAULT_TIMEOUT_SECONDS = 15;
const MAX_CONTENT_CHARS = 4000;
const HOUR_MS = 3600 * 1000;

const env = (name) => String($os.getenv(name) || '').trim();

function settings() {
  const model = env('CHORUS_AI_CHAT_MODEL');
  const own = env('CHORUS_AI_CHAT_URL');
  if (!model || own === 'off') return { url: '', key: '', model: '' };
  if (own) return { url: own.replace(/\/+$/, ''), key: env('CHORUS_AI_CHAT_KEY'), model };
  const { url, key } = require(`${__hooks}/ai/provider.js`).connection();
  return { url, key: env('CHORUS_AI_CHAT_KEY') || key, model: url ? model : '' };
}

/** Is a chat model configured (a URL and a model)? Without one, callers use their fallback. */
const isConfigured = () => Boolean(settings().model);

/** The chat model's name ('' without one). */
const modelName = () => settings().model;

/** The calls allowed in any hour. */
function callsPerHour() {
  const set = Number.parseInt(env('CHORUS_AI_CHAT_CALLS_PER_HOUR'), 10);
  return Number.isInteger(set) && set >= 0 ? set : DEFAULT_CALLS_PER_HOUR;
}

function timeoutSeconds() {
  const set = Number.parseInt(env('CHORUS_AI_CHAT_TIMEOUT'), 10);
  return Number.isInteger(set) && set > 0 ? Math.min(set, 60) : DEFAULT_TIMEOUT_SECONDS;
}

const hourAgo = () => new DateTime(new Date(Date.now() - HOUR_MS).toISOString()).string();
/** How long a call's row is kept (the cap reads the last hour; the rest is the operator's month of history). */
const KEEP_MS = 30 * 24 * HOUR_MS;

/** How many calls were made in the last hour. */
function callsThisHour(app) {
  return require(`${__hooks}/platform/sql-count.js`).countOf(
    app,
    'SELECT COUNT(*) AS n FROM ai_chat_calls WHERE created >= {:since}',
    { since: hourAgo() },
  );
}

/**
 * Takes one call of this hour's allowance for `purpose`: false when the cap is reached. Counted and written in one
 * write transaction (PocketBase has one writer), so two jobs asking at once cannot both take the last call; the
 * transaction ends before the model is asked.
 */
function takeCall(app, purpose, model) {
  let taken = false;
  app.runInTransaction((txApp) => {
    if (callsThisHour(txApp) >= callsPerHour()) return;
    txApp
      .db()
      .newQuery('DELETE FROM ai_chat_calls WHERE created < {:before}')
      .bind({ before: new DateTime(new Date(Date.now() - KEEP_MS).toISOString()).string() })
      .execute();
    const row = new Record(txApp.findCachedCollectionByNameOrId('ai_chat_calls'));
    row.set('purpose', purpose);
    row.set('model', model.slice(0, 200));
    txApp.save(row);
    taken = true;
  });
  return taken;
}

/** The first JSON object in a model's text (some wrap it in ```json fences or a sentence), or null. */
function jsonObjectIn(text) {
  const content = String(text || '').slice(0, MAX_CONTENT_CHARS);
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const parsed = JSON.parse(content.slice(start, end + 1));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch (_) {
    return null;
  }
}

const post = (url, key, body) =>
  require(`${__hooks}/ai/provider.js`).postJson({ url, key }, '/chat/completions', body, timeoutSeconds());

/**
 * Asks the chat model for one JSON object: `system` (the instructions) and `user` (the material, never trusted),
 * at most `maxTokens` in the answer. Returns the parsed object, or null when there is no chat model or this hour's
 * calls are spent; throws an Error (status only) when the provider refuses, times out or answers no JSON object.
 */
function askJson(app, purpose, { system, user, maxTokens = 150 }) {
  const { url, key, model } = settings();
  if (!model || !takeCall(app, purpose, model)) return null;
  const body = {
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: String(user).slice(0, 6000) },
    ],
    temperature: 0,
    max_tokens: maxTokens,
    response_format: { type: 'json_object' },
  };
  let answer = post(url, key, body);
  // A provider without JSON mode refuses the field (400): asked once more without it, as the same call.
  if (answer.statusCode === 400) {
    delete body.response_format;
    answer = post(url, key, body);
  }
  const parsed = require(`${__hooks}/ai/provider.js`).answerJson(answer, 'the chat model');
  const content = parsed?.choices?.[0]?.message?.content;
  const found = typeof content === 'string' ? jsonObjectIn(content) : null;
  if (!found) throw new Error('the chat model answered no JSON object');
  return found;
}

/** For admins: { configured, model, callsThisHour, callsPerHour } (never the URL's key). */
function chatStatus(app) {
  return {
    configured: isConfigured(),
    model: modelName(),
    callsThisHour: callsThisHour(app),
    callsPerHour: callsPerHour(),
  };
}

/**
 * A job of the chat model over the rows waiting for it, for up to `budgetMs`: `waiting()` gives the next few (none:
 * done), `askOne(row)` asks about one (false: stop, the model refused or the hour's calls are spent). Without a chat
 * model, `withoutModel()` lets the waiting rows go and nothing is asked. Returns how many were answered.
 */
function drainWithModel(budgetMs, { waiting, askOne, withoutModel }) {
  if (!isConfigured()) {
    withoutModel();
    return 0;
  }
  const started = Date.now();
  let done = 0;
  while (Date.now() - started < budgetMs) {
    const rows = waiting();
    if (rows.length === 0) break;
    for (const row of rows) {
      if (Date.now() - started >= budgetMs || !askOne(row)) return done;
      done += 1;
    }
  }
  return done;
}

module.exports = { isConfigured, modelName, askJson, chatStatus, drainWithModel };
