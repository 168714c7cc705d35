// What of an idea is the signed-in caller's own, read exactly (issue 59): their vote, their follow and the newest
// question staff sent them about it that they have not answered. Each is one lookup by (post, user) on a unique
// index (votes, subscriptions) or by the caller's own rows (question_recipients, idea_answers), so an idea with
// 100,000 votes costs what one with none does. The back-relation expands this replaces (votes_via_post,
// subscriptions_via_post, idea_questions_via_post.idea_answers_via_question) read at most 1,000 related rows in
// no set order before the rules filtered them: on a popular idea they missed the caller's own.
// The idea page's one request answers it beside the idea and its voters (ideas/idea-page.js).

/**
 * The caller's own state on `post` (a post they may see): { vote, subscription, question }, ids or null; the
 * question (a record, as its view rule lets them see it) only for an active member who is not staff, the only
 * ones the idea page offers it to. null when the caller is not a signed-in member.
 */
function viewerOwn(e, post) {
  const { memberOf, isStaff } = require(`${__hooks}/platform/access.js`);
  const firstId = require(`${__hooks}/platform/records.js`).firstIdOrNull;
  const user = memberOf(e);
  if (!user) return null;
  const params = { post: post.id, me: user.id };
  const vote = firstId(e.app, 'SELECT id FROM votes WHERE post = {:post} AND user = {:me} LIMIT 1', params);
  const subscription = firstId(
    e.app,
    'SELECT id FROM subscriptions WHERE post = {:post} AND user = {:me} LIMIT 1',
    params,
  );
  let question = null;
  if (!isStaff(e) && !user.getBool('blocked')) {
    const id = firstId(
      e.app,
      'SELECT q.id AS id FROM question_recipients r JOIN idea_questions q ON q.id = r.question ' +
        'WHERE r.user = {:me} AND q.post = {:post} ' +
        'AND NOT EXISTS (SELECT 1 FROM idea_answers a WHERE a.question = q.id AND a.user = {:me}) ' +
        'ORDER BY q.created DESC, q.id DESC LIMIT 1',
      params,
    );
    const record = id ? e.app.findRecordById('idea_questions', id) : null;
    if (record && e.app.canAccessRecord(record, e.requestInfo(), record.collection().viewRule)) {
      $apis.enrichRecord(e, record);
      question = record;
    }
  }
  return { vote, subscription, question };
}

module.exports = { viewerOwn };
