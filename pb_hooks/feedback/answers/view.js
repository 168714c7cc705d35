// The answers as staff see them (issue 58): for each item, whether its customer was told, through which channel, of
// which status, and when (or why not: waiting, failed after n attempts, skipped because the source was switched off
// or the address is unconfirmed); and the latest answers of all items, which the inbox page lists.
const RECENT = 15;

function describeAnswers(app, answers) {
  const ids = (field) => [...new Set(answers.map((one) => one.getString(field)).filter(Boolean))];
  const index = (collection, list) => {
    const found = {};
    if (list.length) for (const record of app.findRecordsByIds(collection, list)) found[record.id] = record;
    return found;
  };
  const items = index('feedback_items', ids('item'));
  const posts = index('posts', ids('post'));
  const statuses = index('statuses', ids('status'));
  return answers.map((one) => {
    const item = items[one.getString('item')];
    const post = posts[one.getString('post')];
    return {
      id: one.id,
      item: one.getString('item'),
      customer: item ? item.getString('author_name') || item.getString('author_email') : '',
      channel: one.getString('channel'),
      idea: post ? { id: post.id, title: post.getString('title') } : null,
      status: statuses[one.getString('status')]?.getString('name') || '',
      state: one.getString('state'),
      attempts: one.getInt('attempts'),
      error: one.getString('error'),
      sent_at: one.getString('sent_at'),
      updated: one.getString('updated'),
    };
  });
}

/** Each item's answers, by item id (oldest first). */
function answersByItem(app, itemIds) {
  const out = {};
  const rows = require(`${__hooks}/platform/records.js`)
    .recordsWhereIn(app, 'feedback_answers', 'item', itemIds)
    .sort((a, b) => a.getString('created').localeCompare(b.getString('created')));
  for (const answer of describeAnswers(app, rows)) {
    if (!out[answer.item]) out[answer.item] = [];
    out[answer.item].push(answer);
  }
  return out;
}

/** The latest answers, newest first. */
const recentAnswers = (app) =>
  describeAnswers(app, app.findRecordsByFilter('feedback_answers', '', '-updated', RECENT, 0));

module.exports = { answersByItem, recentAnswers };
