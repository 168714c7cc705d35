// What the support desks' sidebar apps share (Intercom's inbox app, Zendesk's ticket sidebar app; issue 58): the
// customer account behind an email (never a staff account), the ideas that customer wants (their votes, those staff
// cast on their behalf too), which of a list of ideas the calling staff member (`e.auth`) may see, their statuses'
// names (one read for an answer's ideas), and the apps' words in that staff member's language (locales/*.json,
// `sidebarApp`).
const { recipientLocale, siteLocale, translate, translator } = require(`${__hooks}/platform/i18n.js`);

const IDEA_ID = /^[a-z0-9]{15}$/;
const WANTED = 50;

/** The customer account with this email (never a staff account), or null: the captured feedback's own rule. */
const memberOf = (app, email) => require(`${__hooks}/feedback/capture.js`).customerByEmail(app, email);

/** The ideas of `ids` that `e.auth` may see and that were not merged away, in the order given. */
function visibleIdeas(e, ids) {
  const unique = [...new Set(ids.filter((id) => IDEA_ID.test(String(id))))];
  if (!unique.length) return [];
  const found = {};
  for (const post of e.app.findRecordsByIds('posts', unique)) {
    if (!post.getString('merged_into') && e.app.canAccessRecord(post, e.requestInfo(), post.collection().viewRule)) {
      found[post.id] = post;
    }
  }
  return unique.map((id) => found[id]).filter(Boolean);
}

/** The ideas `member` wants (their votes, newest first), as `e.auth` sees them. */
function wantedIdeas(e, member) {
  if (!member) return [];
  const votes = e.app.findRecordsByFilter('votes', 'user = {:user}', '-created', WANTED, 0, { user: member.id });
  return visibleIdeas(
    e,
    votes.map((vote) => vote.getString('post')),
  ).slice(0, WANTED);
}

/** The names of the statuses of `posts`, by status id: one read for all of an answer's ideas, not one per idea. */
function statusNames(app, posts) {
  const ids = [...new Set(posts.map((post) => post.getString('status')).filter(Boolean))];
  const names = {};
  if (!ids.length) return names;
  for (const status of app.findRecordsByIds('statuses', ids)) names[status.id] = status.getString('name');
  return names;
}

/** The apps' words in `locale`: `t(key, values)` and an idea's vote count. */
const wordsFor = (locale) => ({
  locale,
  t: translator(locale, 'sidebarApp'),
  votes: (count) => translate(locale, 'vote', 'count', { count }),
});

/** The words for the request's caller: the staff member's language once known (`e.auth`), else the site's. */
const wordsOf = (e) => wordsFor(e.auth ? recipientLocale(e.app, e.auth) : siteLocale(e.app));

module.exports = { memberOf, visibleIdeas, wantedIdeas, statusNames, wordsFor, wordsOf, IDEA_ID };
