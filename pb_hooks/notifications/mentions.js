// Mentions in comments: `@[Name](user:<id>)` in the body (the autocomplete writes it). Only the id counts;
// the name is the author's text, shown as written. Someone is notified only when they may see the idea (and,
// for an internal comment, act as staff): a mention of anyone else is plain text that notifies no one.
const { postVisibleSql, activeStaffSql } = require(`${__hooks}/platform/access.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const MAX_MENTIONS = 10;
const { mentionedIds } = require(`${__hooks}/notifications/mention-text.js`);
const { boundList, firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

const STAFF = activeStaffSql('u');
const CAN_READ = postVisibleSql({ post: 'p', board: 'b', person: 'u.id', staff: STAFF });

/** Of `ids`, people (not API keys) who may see the post (active staff only when staffOnly), except `exclude`;
 * bound, one query. */
function eligibleOf(app, postId, ids, { staffOnly = false, exclude = '' } = {}) {
  const wanted = ids.filter((id) => id !== exclude).slice(0, MAX_MENTIONS);
  if (wanted.length === 0) return [];
  const params = { post: postId };
  const names = boundList(params, 'm', wanted);
  const rows = rowsOf(
    app,
    'SELECT u.id AS id FROM users u JOIN posts p ON p.id = {:post} JOIN boards b ON b.id = p.board ' +
      // An API key's service member is no one to mention (pb_hooks/api-keys/api-keys.js).
      `WHERE u.id IN (${names.join(', ')}) AND u.api_key = '' AND ${CAN_READ} ${staffOnly ? `AND ${STAFF}` : ''}`,
    { id: '' },
    params,
  );
  const found = rows.map((row) => row.id);
  return wanted.filter((id) => found.includes(id));
}

/** Those of `ids` already notified of a mention in this comment (an edit never notifies twice). */
function alreadyNotified(app, commentId, ids) {
  if (ids.length === 0) return [];
  const filter = 'user = {:user} && comment = {:comment} && kind = "mention"';
  return ids.filter((id) => firstRecordOrNull(app, 'notifications', filter, { user: id, comment: commentId }) !== null);
}

/**
 * Notifies who a saved comment newly mentions: on create everyone it mentions, on an edit those its former
 * body did not (all of them when it stopped or started being internal), never anyone twice.
 */
function notifyMentions(app, comment, previous = null) {
  const { notifyUsers } = require(`${__hooks}/notifications/notify.js`);
  let ids = mentionedIds(comment.getString('body'));
  if (previous && previous.getBool('internal') === comment.getBool('internal')) {
    const before = mentionedIds(previous.getString('body'));
    ids = ids.filter((id) => !before.includes(id));
  }
  const author = comment.getString('author');
  const post = comment.getString('post');
  const eligible = eligibleOf(app, post, ids, { staffOnly: comment.getBool('internal'), exclude: author });
  const already = previous ? alreadyNotified(app, comment.id, eligible) : [];
  const people = eligible.filter((id) => !already.includes(id));
  notifyUsers(app, people, { kind: 'mention', post, comment: comment.id, actor: author });
  return people;
}

/** Refuses (400) a comment that mentions more than MAX_MENTIONS different people. */
function refuseTooManyMentions(comment) {
  if (mentionedIds(comment.getString('body')).length > MAX_MENTIONS) {
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    throw new BadRequestError(refusalText('tooManyMentions'));
  }
}

/** The request hook of a new or an edited comment: past MAX_MENTIONS refused, in the request's language. */
function checkMentionsRequest(e) {
  return require(`${__hooks}/platform/refusals.js`).inRequestLanguage(e, (e) => {
    refuseTooManyMentions(e.record);
    e.next();
  });
}

module.exports = { MAX_MENTIONS, refuseTooManyMentions, checkMentionsRequest, eligibleOf, notifyMentions };
