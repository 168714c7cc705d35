// Sends the queued answers (feedback_answers, ./queue.js) after the status change committed: a reply in the Slack
// thread (feedback/sources/slack/api.js, through platform/outbound/outbound.js), a comment on the Zendesk ticket or a
// reply in the Intercom conversation, public or an internal note as the admin chose (feedback/sources/zendesk/api.js,
// feedback/sources/intercom/api.js), or an email (PocketBase's mailer, so
// platform/confirmed-mail.js's rule applies: an unconfirmed member's address is skipped, never sent to). Each attempt is
// one feedback_answer_attempts row (time, code, duration, a fixed reason), as webhooks keep theirs; a failure is retried
// with the webhooks' exponential backoff up to a bounded number of attempts, one Slack, Zendesk or Intercom can never
// accept (a channel gone, the app removed, a ticket or conversation deleted or closed, a token revoked) at once given up. Rows are claimed with a
// compare-and-set lease, so two runs never send one twice; a run that died mid-send leaves a lease that expires.
const { postThreadReply } = require(`${__hooks}/feedback/sources/slack/api.js`);
const { addTicketComment } = require(`${__hooks}/feedback/sources/zendesk/api.js`);
const { replyToConversation } = require(`${__hooks}/feedback/sources/intercom/api.js`);
const { slackReply, zendeskReply, intercomReply, mailReply } = require(`${__hooks}/feedback/answers/message.js`);
const { answeringOn } = require(`${__hooks}/feedback/answers/settings.js`);
const { withoutUnconfirmedRecipients } = require(`${__hooks}/platform/confirmed-mail.js`);
const find = require(`${__hooks}/platform/records.js`).recordOrNull;

const BUDGET_MS = 50_000;
const SLEEPER_KEY = require(`${__hooks}/platform/contract/hook-hand-offs.js`).FEEDBACK_ANSWERS_SLEEPING_KEY;
const PERMANENT = [
  'slack:channel_not_found',
  'slack:not_in_channel',
  'slack:is_archived',
  'slack:invalid_auth',
  'slack:account_inactive',
  'slack:token_revoked',
  'slack:missing_scope',
  'slack:thread_not_found',
  'zendesk:unauthorized',
  'zendesk:forbidden',
  'zendesk:not_found',
  'zendesk:unprocessable', // a closed ticket takes no comment
  'intercom:bad_request', // an admin_id Intercom does not know
  'intercom:unauthorized',
  'intercom:forbidden',
  'intercom:not_found',
  'intercom:unprocessable',
];
const { dateString } = require(`${__hooks}/platform/dates.js`);
const { runDueRows, retryAt } = require(`${__hooks}/platform/due-rows.js`);

function numberFromEnv(name, fallback) {
  const value = Number($os.getenv(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Tunable by the environment (tests, operators): the first retry's delay (doubling), attempts, and Slack's wait. */
const answerConfig = () => ({
  retryBaseSeconds: numberFromEnv('CHORUS_FEEDBACK_ANSWER_RETRY_SECONDS', 60),
  maxAttempts: numberFromEnv('CHORUS_FEEDBACK_ANSWER_MAX_ATTEMPTS', 5),
  timeoutSeconds: 5,
});

const due = (app, now) =>
  app.findRecordsByFilter(
    'feedback_answers',
    "state = 'pending' && next_attempt_at <= {:now}",
    'next_attempt_at',
    20,
    0,
    {
      now: dateString(now),
    },
  );

function nextDueAt(app) {
  const [next] = app.findRecordsByFilter('feedback_answers', "state = 'pending'", 'next_attempt_at', 1, 0);
  return next ? next.getDateTime('next_attempt_at').unix() * 1000 : null;
}

const customerOf = (app, item) =>
  require(`${__hooks}/platform/records.js`).memberByEmail(app, item.getString('author_email'));

/** One send: { ok, code, error }, or { skip: reason } when it must not be sent at all. */
function sendOne(app, answer, item, post, status, config) {
  const channel = answer.getString('channel');
  if (!answeringOn(app, channel)) return { skip: 'switched_off' };
  if (channel === 'slack') {
    const [slackChannel, ts] = item.getString('external_id').split(':');
    const token = app.findFirstRecordByFilter('slack_settings', '').getString('bot_token');
    return postThreadReply(token, slackChannel, ts, slackReply(app, post, status), config.timeoutSeconds);
  }
  if (channel === 'zendesk') {
    const settings = app.findFirstRecordByFilter('zendesk_settings', '');
    const ticket = item.getString('external_id').split(':')[0];
    const body = zendeskReply(app, item, post, status, customerOf(app, item));
    return addTicketComment(settings, ticket, body, settings.getBool('public_replies'), config.timeoutSeconds);
  }
  if (channel === 'intercom') {
    const settings = app.findFirstRecordByFilter('intercom_settings', '');
    const conversation = item.getString('external_id').split(':')[0];
    const body = intercomReply(app, item, post, status, customerOf(app, item));
    return replyToConversation(settings, conversation, body, settings.getBool('public_replies'), config.timeoutSeconds);
  }
  const message = mailReply(app, item, post, status, customerOf(app, item));
  if (!withoutUnconfirmedRecipients(app, message)) return { skip: 'unconfirmed' };
  try {
    app.newMailClient().send(message);
    return { ok: true, code: 250, error: '' };
  } catch (error) {
    app.logger().warn('Feedback answer: the email failed', 'answer', answer.id, 'error', String(error).slice(0, 200));
    return { ok: false, code: 0, error: 'mail_failed' };
  }
}

function recordAttempt(app, answer, startedMs, outcome) {
  const row = new Record(app.findCachedCollectionByNameOrId('feedback_answer_attempts'));
  row.set('answer', answer.id);
  row.set('attempted_at', dateString(startedMs));
  row.set('response_code', outcome.code);
  row.set('duration_ms', Math.max(0, Math.round(Date.now() - startedMs)));
  row.set('error', outcome.error);
  app.save(row);
}

function deliver(app, answer, config) {
  const item = find(app, 'feedback_items', answer.getString('item'));
  const post = find(app, 'posts', answer.getString('post'));
  const status = find(app, 'statuses', answer.getString('status'));
  const fresh = app.findRecordById('feedback_answers', answer.id);
  const startedMs = Date.now();
  const outcome = item && post && status ? sendOne(app, answer, item, post, status, config) : { skip: 'gone' };
  if (outcome.skip) {
    fresh.set('state', 'skipped');
    fresh.set('error', outcome.skip);
    app.save(fresh);
    return;
  }
  recordAttempt(app, answer, startedMs, outcome);
  const attempts = answer.getInt('attempts') + 1;
  fresh.set('attempts', attempts);
  fresh.set('last_attempt_at', dateString(Date.now()));
  fresh.set('response_code', outcome.code);
  fresh.set('error', outcome.error);
  if (outcome.ok) {
    fresh.set('state', 'sent');
    fresh.set('sent_at', dateString(Date.now()));
  } else if (attempts >= config.maxAttempts || PERMANENT.includes(outcome.error)) fresh.set('state', 'failed');
  else fresh.set('next_attempt_at', retryAt(attempts, config.retryBaseSeconds));
  app.save(fresh);
}

/** Sends everything due; while the next retry falls within this run's budget, waits for it (one run waits). */
function runAnswers(app) {
  const config = answerConfig();
  runDueRows(app, {
    table: 'feedback_answers',
    stateColumn: 'state',
    leaseMs: (config.timeoutSeconds + 30) * 1000,
    budgetMs: BUDGET_MS,
    sleeperKey: SLEEPER_KEY,
    due: (now) => due(app, now),
    send: (answer) => deliver(app, answer, config),
    nextDueAt: () => nextDueAt(app),
    failed: (answer, error) =>
      app.logger().error('Feedback answer: sending failed', 'answer', answer.id, 'error', String(error).slice(0, 300)),
  });
}

module.exports = { runAnswers };
