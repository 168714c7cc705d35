// Refusals hooks send to people, in the request's language. Hooks throw PocketBase errors with the
// English text of a `pbErrors` message (`refusalText(key)`); `inRequestLanguage`, wrapped around each way a
// request enters Chorus's code (pb_hooks/platform/_refusals.pb.js, Chorus's routes, each hook that refuses), finds the
// key back from that text and answers { status, code: key, message, data } in the request's language, field
// messages included.
const { messagesOf, translate, requestLocale, SOURCE_LOCALE } = require(`${__hooks}/platform/i18n.js`);

// i18n-keys: pbErrors.*
const NAMESPACE = 'pbErrors';

/** The English text of a refusal, for `throw new ForbiddenError(refusalText('accountBlocked'))`. */
function refusalText(key) {
  return translate(SOURCE_LOCALE, NAMESPACE, key);
}

/** A field's error with a refusal's English text, translated like the main message. */
function fieldRefusal(code, key) {
  return new ValidationError(code, refusalText(key));
}

let keyOfText = null;
function keyOf(text) {
  if (!keyOfText) {
    keyOfText = {};
    const english = messagesOf(SOURCE_LOCALE)[NAMESPACE];
    for (const key in english) keyOfText[english[key]] = key;
  }
  return keyOfText[String(text)] || null;
}

const read = (value, name) => (typeof value[name] === 'function' ? value[name]() : value[name]);
// PocketBase ends every error message with an ASCII period unless it ends with one already: a message
// translated before it was thrown (one naming a file, say) loses that extra period after 。！？.
const withoutAddedPeriod = (text) => text.replace(/([。！？])\.$/, '$1');

/** Answers `e` with the refusal `error` in the request's language and returns true, when it is a PocketBase
 * error (thrown here, or crossing back from Go) with a known refusal text; false when it is none. */
function answerRefusal(e, error) {
  const api = error && (error.value || error);
  if (!api || typeof api.status !== 'number' || api.status < 400 || api.status >= 500) return false;
  const key = keyOf(api.message);
  if (!key) return false;
  const locale = requestLocale(e);
  const data = {};
  const fields = api.data || {};
  for (const field in fields) {
    const detail = fields[field];
    const code = detail ? String(read(detail, 'code') || '') : '';
    const message = detail ? String(read(detail, 'message') || '') : '';
    const fieldKey = keyOf(message);
    data[field] = { code, message: fieldKey ? translate(locale, NAMESPACE, fieldKey) : withoutAddedPeriod(message) };
  }
  e.json(api.status, { status: api.status, code: key, message: translate(locale, NAMESPACE, key), data });
  return true;
}

/**
 * Runs `handle(e)` (by default the rest of the request) and answers a refusal thrown on the way in the
 * request's language, then throws it on, so outer hooks still see the failure and roll back (PocketBase
 * keeps the answer already written). Used as a hook handler or route middleware as it is, and around the
 * body of each request hook that refuses before `e.next()` (hooks of one event run in no fixed file order).
 * Self-contained: PocketBase recompiles handlers from their source.
 */
function inRequestLanguage(e, handle) {
  try {
    return handle ? handle(e) : e.next();
  } catch (error) {
    // Inside /api/batch, PocketBase answers for the whole batch.
    if (e.get('infoContext') !== 'batch' && !e.written()) {
      require(`${__hooks}/platform/refusals.js`).answerRefusal(e, error);
    }
    throw error;
  }
}

module.exports = { refusalText, fieldRefusal, answerRefusal, inRequestLanguage };
