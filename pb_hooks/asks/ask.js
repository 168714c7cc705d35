// Asking an idea's voters and followers one question (issue #24, item 8), in one transaction: the
// question, who it was sent to (question_recipients: what lets each of them read it and answer), and an
// in-app notification of kind `question` for each (its email goes out after commit, from the notification queue: notifications/fanout.js).
// Recipients are the voters and followers who may see the idea and are not blocked, never the staff member
// asking. At most one
// question per idea an hour, checked inside the transaction so two staff asking at once cannot both pass.
const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
const { audienceOf, notifyUsers } = require(`${__hooks}/notifications/notify.js`);

const MAX_BODY = 500;
const QUIET_MS = 3600_000;
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { countOf } = require(`${__hooks}/platform/sql-count.js`);

/** The question's text, trimmed; a 400 with a field message when empty or too long. */
function questionBodyOf(raw) {
  const body = typeof raw === 'string' ? raw.trim() : '';
  if (!body) {
    throw new BadRequestError(refusalText('questionNeeded'), { body: fieldRefusal('validation_required', 'required') });
  }
  if (body.length > MAX_BODY) {
    throw new BadRequestError(refusalText('questionTooLong'), {
      body: fieldRefusal('validation_max_text_constraint', 'questionTooLong'),
    });
  }
  return body;
}

function askedRecently(app, postId) {
  const sql = 'SELECT COUNT(*) AS n FROM idea_questions WHERE post = {:post} AND created >= {:since}';
  return countOf(app, sql, { post: postId, since: dateString(Date.now() - QUIET_MS) }) > 0;
}

/** Sends `body` from `staff` about `post` (request `e`, for the audit log); returns the saved question. */
function askVoters(app, staff, post, body, e = null) {
  let question;
  app.runInTransaction((txApp) => {
    if (askedRecently(txApp, post.id)) throw new TooManyRequestsError(refusalText('questionTooSoon'), {});
    // Blocked members cannot answer: they are not asked.
    const audience = audienceOf(txApp, post.id, { exclude: staff.id });
    const people = audience.length
      ? txApp
          .findRecordsByIds('users', audience)
          .filter((user) => !user.getBool('blocked'))
          .map((user) => user.id)
      : [];
    question = new Record(txApp.findCachedCollectionByNameOrId('idea_questions'));
    question.set('post', post.id);
    question.set('author', staff.id);
    question.set('body', body);
    question.set('sent_count', people.length);
    txApp.save(question);
    const recipients = txApp.findCachedCollectionByNameOrId('question_recipients');
    for (const userId of people) {
      const row = new Record(recipients);
      row.set('question', question.id);
      row.set('user', userId);
      txApp.save(row);
    }
    notifyUsers(txApp, people, { kind: 'question', post: post.id, actor: staff.id });
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    recordAudit(txApp, e, {
      action: 'post.ask',
      collection: 'posts',
      id: post.id,
      label: post.getString('title'),
      after: { question: body, sent_count: people.length },
    });
  });
  return question;
}

module.exports = { MAX_BODY, questionBodyOf, askVoters };
