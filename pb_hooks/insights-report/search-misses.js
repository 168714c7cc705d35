// Searches that found nothing, for staff insight: the typed text normalized as the search reads it (lower case,
// marks and punctuation dropped, at most 8 terms), counted per week. Nothing about the person is kept; text that
// looks personal (an email address, a long number) is not kept at all. Bounded: at most MAX_TERMS_A_WEEK terms a
// week (later new terms are dropped, known ones still counted), weeks older than KEEP_WEEKS deleted, and each
// client address records at most LIMITS['search-miss'] misses per window (platform/limits.js).
const { termsOf } = require(`${__hooks}/ideas/search-query.js`);
const { take } = require(`${__hooks}/platform/limits.js`);
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { countOf } = require(`${__hooks}/platform/sql-count.js`);

const MAX_TERMS_A_WEEK = 1000;
const KEEP_WEEKS = 27;
const MAX_CHARS = 80;
const DAY = 86_400_000;

/** The Monday (UTC) of the week holding `ms`, as YYYY-MM-DD. */
function weekOf(ms) {
  const day = Math.floor(ms / DAY);
  const monday = day - ((day + 3) % 7); // 1970-01-01 was a Thursday
  return new Date(monday * DAY).toISOString().slice(0, 10);
}

/** The text as kept, or '' when nothing should be: too short, or looks like an address or a number. */
function normalizedMiss(text) {
  const raw = String(text || '');
  if (/\S+@\S+/.test(raw) || /\d[\d\s().+-]{6,}\d/.test(raw)) return '';
  const term = termsOf(raw).join(' ');
  if (Array.from(term).length < 2) return '';
  return Array.from(term).slice(0, MAX_CHARS).join('');
}

/** Counts a search that found nothing. Returns true when it was counted. Never throws into the search. */
function recordMiss(app, text, address) {
  const term = normalizedMiss(text);
  if (!term) return false;
  if (take('search-miss', address || 'unknown')) return false;
  const now = Date.now();
  const week = weekOf(now);
  const db = app.db();
  if (
    countOf(app, 'SELECT COUNT(*) AS n FROM search_misses WHERE week = {:week} AND term = {:term}', { week, term }) > 0
  ) {
    db.newQuery('UPDATE search_misses SET count = count + 1, updated = {:now} WHERE week = {:week} AND term = {:term}')
      .bind({ week, term, now: dateString(now) })
      .execute();
    return true;
  }
  db.newQuery('DELETE FROM search_misses WHERE week < {:oldest}')
    .bind({ oldest: weekOf(now - KEEP_WEEKS * 7 * DAY) })
    .execute();
  if (countOf(app, 'SELECT COUNT(*) AS n FROM search_misses WHERE week = {:week}', { week }) >= MAX_TERMS_A_WEEK) {
    return false;
  }
  const row = new Record(app.findCachedCollectionByNameOrId('search_misses'));
  row.set('week', week);
  row.set('term', term);
  row.set('count', 1);
  try {
    app.save(row);
  } catch {
    // another request saved the same term this instant: count it there
    db.newQuery('UPDATE search_misses SET count = count + 1 WHERE week = {:week} AND term = {:term}')
      .bind({ week, term })
      .execute();
  }
  return true;
}

module.exports = { recordMiss, normalizedMiss, weekOf, MAX_TERMS_A_WEEK, KEEP_WEEKS };
