// The one way feedback enters the staff inbox, shared by every source (feedback/sources/README.md): the text is
// cleaned and capped, the same message captured twice stays one item (its dedupe key), the author is matched to a
// customer account by email, and the ideas it seems to mean are suggested (words and meaning, ai/hybrid.js).
// A long text gets a suggested title and need (feedback/summary.js: its first sentences now, the chat model's later).
// Nothing is posted, voted or said in the customer's name: that waits for a staff action (feedback/actions.js).
const { normalizeName } = require(`${__hooks}/platform/text.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

const SOURCES = ['mail', 'slack', 'zendesk', 'intercom'];
const MAX_QUOTE = 10000;
const MAX_TITLE = 200;
const SUGGESTIONS = 3;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Quoted words as kept: no control or bidi characters, line breaks as \n, at most 10,000 characters. */
function cleanQuote(text) {
  return String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_QUOTE);
}

/** The key that makes a second capture of the same message the same item: the source's id, else who said what. */
function dedupeKey(source, externalId, email, quote) {
  const said = externalId
    ? `id:${externalId}`
    : `text:${String(email || '').toLowerCase()}:${quote.toLowerCase().replace(/\s+/g, ' ')}`;
  return $security.sha256(`${source}:${said}`);
}

/** The customer account with this email (never a staff account: votes on behalf are for customers), or null. */
function customerByEmail(app, email) {
  const user = require(`${__hooks}/platform/records.js`).memberByEmail(app, email);
  // Staff (blocked or not) are never a customer whose words are captured.
  return user && !require(`${__hooks}/platform/access.js`).hasStaffRole(user) ? user : null;
}

/** The sentences words are matched on: a title-length query each (search asks half of its words to match). */
function sentencesOf(title, quote) {
  const cleanTitle = title.replace(/^((re|fwd?|tr|wg|aw)\s*:\s*)+/i, '');
  const sentences = quote
    .split(/(?<=[.!?])\s+|\n+/)
    .map((one) => one.trim())
    .filter((one) => one.length >= 12);
  return [cleanTitle, ...sentences].filter(Boolean).slice(0, 5);
}

/**
 * The ideas the words seem to mean, as staff may see them: [{ id, score, via }], best first. Meaning once on the
 * whole text (where a provider is configured); words on the title and each of the first sentences, as a title
 * being typed is matched; the ranks of all fused by sum.
 */
function suggestIdeas(app, title, quote) {
  const provider = require(`${__hooks}/ai/provider.js`);
  const { similarIdeas } = require(`${__hooks}/ai/hybrid.js`);
  const fused = new Map();
  const add = (found) => {
    for (const one of found) {
      const kept = fused.get(one.id) ?? { id: one.id, score: 0, via: one.via };
      kept.score += one.score;
      if (kept.via !== one.via) kept.via = 'both';
      fused.set(one.id, kept);
    }
  };
  try {
    if (provider.isConfigured()) {
      add(similarIdeas(app, `${title}\n${quote}`.slice(0, 2000), { staff: true, limit: 10, meaning: true }));
    }
    for (const sentence of sentencesOf(title, quote)) {
      add(similarIdeas(app, sentence.slice(0, 300), { staff: true, limit: 10, meaning: false }));
    }
  } catch (error) {
    app.logger().warn('Feedback: no suggestions', 'error', String(error).slice(0, 300));
  }
  return Array.from(fused.values())
    .sort((a, b) => b.score - a.score)
    .slice(0, SUGGESTIONS)
    .map((one) => ({ id: one.id, score: Math.round(one.score * 1e6) / 1e6, via: one.via }));
}

const existing = (app, key) => firstRecordOrNull(app, 'feedback_items', 'dedupe_key = {:key}', { key });

/**
 * Captures one piece of feedback: { source, externalId, url, authorEmail, authorName, title, quote, note, capturedBy }.
 * Answers { item, duplicate } (duplicate: the item already held this message, unchanged); throws on a source
 * Chorus does not know or an empty quote.
 */
function captureFeedback(app, input) {
  const source = String(input.source || '');
  if (!SOURCES.includes(source)) throw new Error(`unknown feedback source: ${source}`);
  const quote = cleanQuote(input.quote);
  if (!quote) throw new Error('nothing was said');
  const email = String(input.authorEmail || '')
    .trim()
    .toLowerCase()
    .slice(0, 254);
  const externalId = String(input.externalId || '').slice(0, 1000);
  const key = dedupeKey(source, externalId, email, quote);
  const before = existing(app, key);
  if (before) return { item: before, duplicate: true };
  const title = normalizeName(input.title || quote.split('\n')[0]).slice(0, MAX_TITLE);
  const member = customerByEmail(app, email);
  const item = new Record(app.findCachedCollectionByNameOrId('feedback_items'));
  item.set('source', source);
  item.set('external_id', externalId);
  item.set('dedupe_key', key);
  item.set('source_url', String(input.url || '').slice(0, 2000));
  item.set('author_email', email);
  item.set('author_name', normalizeName(input.authorName).slice(0, 200));
  item.set('member', member ? member.id : '');
  item.set('title', title);
  item.set('quote', quote);
  item.set('note', cleanQuote(input.note).slice(0, 2000));
  item.set('suggestions', suggestIdeas(app, title, quote));
  item.set('captured_by', String(input.capturedBy || ''));
  item.set('status', 'new');
  const { summariseOnCapture, wakeSummaries } = require(`${__hooks}/feedback/summary.js`);
  const askModel = summariseOnCapture(item, quote);
  try {
    app.save(item);
  } catch (error) {
    // Two captures of one message at once: the unique key let one through.
    const raced = existing(app, key);
    if (raced) return { item: raced, duplicate: true };
    throw error;
  }
  if (askModel) wakeSummaries(app); // the chat model's title and need, after the save (feedback/summary.js)
  return { item, duplicate: false };
}

module.exports = { captureFeedback, cleanQuote, customerByEmail, SOURCES };
