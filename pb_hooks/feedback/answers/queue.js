// Queues the answers a status change owes (issue 58), inside that change's transaction (so an answer exists exactly
// when the change committed, and a PocketBase killed right after the commit still sends it): when an idea moves to a
// status on the roadmap (planned, in progress, done), one feedback_answers row per item linked to it whose source
// answers and can be answered (a Slack message's channel:ts, a Zendesk ticket's id, an Intercom conversation's id, an
// email's author). The unique (item, status) index makes a status set again (or set back later) answer once. Sending
// happens after the commit (./worker.js).
const { answeringOn } = require(`${__hooks}/feedback/answers/settings.js`);

// The answers' job (./worker.js), and the mark a transaction that queued answers leaves for the hook after its commit.
const { FEEDBACK_ANSWERS_JOB: JOB_ID, FEEDBACK_ANSWERS_KICK_KEY: KICK_KEY } = require(
  `${__hooks}/platform/contract/hook-hand-offs.js`,
);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);
const SLACK_ID = /^[CGD][A-Z0-9]{2,19}:\d{6,12}\.\d{1,8}$/;
const ZENDESK_ID = /^\d{1,20}(?::\d{1,20})?$/; // ticket:comment
const INTERCOM_ID = /^\d{1,24}:[A-Za-z0-9_-]{1,64}$/; // conversation:part
const { dateString } = require(`${__hooks}/platform/dates.js`);

/** Whether item `item` can be answered in its own channel at all. */
function answerable(item) {
  if (item.getString('source') === 'slack') return SLACK_ID.test(item.getString('external_id'));
  if (item.getString('source') === 'zendesk') return ZENDESK_ID.test(item.getString('external_id'));
  if (item.getString('source') === 'intercom') return INTERCOM_ID.test(item.getString('external_id'));
  if (item.getString('source') === 'mail') return item.getString('author_email') !== '';
  return false;
}

const alreadyQueued = (txApp, itemId, statusId) =>
  firstRecordOrNull(txApp, 'feedback_answers', 'item = {:item} && status = {:status}', {
    item: itemId,
    status: statusId,
  }) !== null;

/** Inside the status change's transaction: the rows for idea `postId` now at status `statusId`; how many. */
function queueAnswers(txApp, postId, statusId) {
  let status;
  try {
    status = txApp.findRecordById('statuses', statusId);
  } catch {
    return 0;
  }
  if (!status.getBool('on_roadmap')) return 0;
  const items = txApp.findRecordsByFilter('feedback_items', "idea = {:post} && status = 'linked'", 'created', 500, 0, {
    post: postId,
  });
  const on = {};
  let queued = 0;
  const collection = txApp.findCachedCollectionByNameOrId('feedback_answers');
  for (const item of items) {
    const channel = item.getString('source');
    if (on[channel] === undefined) on[channel] = answeringOn(txApp, channel);
    if (!on[channel] || !answerable(item) || alreadyQueued(txApp, item.id, status.id)) continue;
    const row = new Record(collection);
    row.set('item', item.id);
    row.set('post', postId);
    row.set('status', status.id);
    row.set('channel', channel);
    row.set('state', 'pending');
    row.set('attempts', 0);
    row.set('next_attempt_at', dateString());
    txApp.save(row);
    queued += 1;
  }
  return queued;
}

module.exports = { queueAnswers, JOB_ID, KICK_KEY };
