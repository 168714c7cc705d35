// An idea's ETA (issue #24): staff set post_insights.eta to a month ("2027-03") or a quarter ("2027-Q2");
// posts.eta is its public copy, equal to it while site.show_eta is on and '' otherwise. Members hear of an
// ETA (in-app and by email, like a status change) only while it is public.
const { translator } = require(`${__hooks}/platform/i18n.js`);

// i18n-keys: eta.month*
const ETA_PATTERN = '^$|^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$';

/** Does the site show ETAs publicly? */
function showsEta(app) {
  const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
  return Boolean(site?.getBool('show_eta'));
}

/** Writes the public copy of one idea's ETA (saved as a model, so the edge hears of the change). */
function copyEtaToPost(app, postId, eta) {
  let post;
  try {
    post = app.findRecordById('posts', postId);
  } catch {
    return false;
  }
  if (post.getString('eta') === eta) return false;
  post.set('eta', eta);
  app.saveNoValidate(post);
  return true;
}

/** Every idea's public copy at once, after the site setting flipped: one statement, no record events (the
 * site's own update purges every cached page). Returns how many ideas changed. */
function syncAllPostEtas(app, show) {
  const value = show ? "COALESCE((SELECT eta FROM post_insights i WHERE i.id = posts.id), '')" : "''";
  const result = app.db().newQuery(`UPDATE posts SET eta = ${value} WHERE eta IS NOT ${value}`).execute();
  return result.rowsAffected();
}

/** "March 2027" / "Q2 2027" in `locale` (patterns in locales/<lang>.json, written from Intl: the hooks'
 * engine has no Intl). */
function etaLabel(locale, eta) {
  const match = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/.exec(eta || '');
  if (!match) return '';
  const t = translator(locale, 'eta');
  return match[2] ? t(`month${match[2]}`, { year: match[1] }) : t('quarter', { quarter: match[3], year: match[1] });
}

/** What an ETA notification's email says: the idea's current public ETA, or that it has none now. */
function describeEta(post, locale, quotedIdea) {
  const t = translator(locale, 'eta');
  const when = etaLabel(locale, post ? post.getString('eta') : '');
  const values = { idea: quotedIdea, when };
  return when
    ? { post, subject: t('emailSubject', values), line: t('emailLine', values) }
    : { post, subject: t('emailClearedSubject', values), line: t('emailClearedLine', values) };
}

module.exports = { ETA_PATTERN, showsEta, copyEtaToPost, syncAllPostEtas, etaLabel, describeEta };
