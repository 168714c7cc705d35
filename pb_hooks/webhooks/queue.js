// Writes webhook deliveries into the durable queue (webhook_deliveries) for every active endpoint
// that subscribed to an event, then wakes the worker. Called from after-success hooks, i.e. once the
// write has committed, or inside the write's own transaction with `kick: false` (the event then commits or
// rolls back with the write, so a PocketBase killed right after the commit still sends it; the caller wakes
// the worker after the commit). A failure here is logged and never reaches the person who wrote.
// Returns whether anything was queued.
const { slackMessage } = require(`${__hooks}/webhooks/slack.js`);
const { discordMessage } = require(`${__hooks}/webhooks/discord.js`);
const { teamsMessage } = require(`${__hooks}/webhooks/teams.js`);

/** A chat endpoint's own message for an event (Slack, Discord, Teams); a standard endpoint gets the event itself. */
const CHAT_FORMATS = { slack: slackMessage, discord: discordMessage, teams: teamsMessage };
const { kickWorker } = require(`${__hooks}/webhooks/kick.js`);
const { withCustomerData } = require(`${__hooks}/webhooks/customer-data.js`);
const { KIND: REST_HOOK, eventForKey, restHookBody } = require(`${__hooks}/webhooks/rest-hooks.js`);

const { dateString } = require(`${__hooks}/platform/dates.js`);

function alreadyQueued(app, webhookId, messageId) {
  const filter = 'webhook = {:webhook} && message_id = {:message}';
  const params = { webhook: webhookId, message: messageId };
  return (
    require(`${__hooks}/platform/records.js`).firstRecordOrNull(app, 'webhook_deliveries', filter, params) !== null
  );
}

/** The active endpoints subscribed to events of `type` (at most `limit`; 0: every one). */
function endpointsFor(app, type, limit = 0) {
  return app.findRecordsByFilter('webhooks', 'paused = false && events ~ {:type}', '', limit, 0, {
    type: `"${type}"`, // the stored JSON array holds each event quoted: an exact match
  });
}

/** Whether any endpoint wants events of `type`: one indexed read, so a hot write describes its event (several
 * reads of the idea, its board, status, fields and people) only for someone who will receive it. */
function hasSubscribers(app, type) {
  return endpointsFor(app, type, 1).length > 0;
}

// `event` is { version, type, timestamp, data }. With `onceKey`, the event is queued at most once per
// endpoint (e.g. a vote milestone reached again after an unvote).
function enqueue(app, event, onceKey = '', { kick = true } = {}) {
  const messageId = onceKey ? `msg_${onceKey}` : `msg_${$security.randomString(24)}`;
  try {
    const endpoints = endpointsFor(app, event.type);
    if (endpoints.length === 0) return false;
    const collection = app.findCachedCollectionByNameOrId('webhook_deliveries');
    const standard = JSON.stringify(event);
    let withCustomers = null; // built once, for the endpoints an admin let have customer data
    for (const endpoint of endpoints) {
      if (onceKey && alreadyQueued(app, endpoint.id, messageId)) continue;
      // A REST hook (an API key's subscription) gets only what its key's member may see, as { id, …event }.
      const forKey = endpoint.getString('kind') === REST_HOOK ? eventForKey(app, endpoint, event) : null;
      if (endpoint.getString('kind') === REST_HOOK && !forKey) continue;
      const delivery = new Record(collection);
      delivery.set('webhook', endpoint.id);
      delivery.set('event', event.type);
      delivery.set('message_id', messageId);
      let payload = standard;
      const chat = CHAT_FORMATS[endpoint.getString('kind')];
      if (chat) payload = JSON.stringify(chat(event));
      else if (forKey) payload = JSON.stringify(restHookBody(forKey, messageId));
      else if (endpoint.getBool('include_customer_data')) {
        withCustomers = withCustomers || JSON.stringify(withCustomerData(app, event));
        payload = withCustomers;
      }
      delivery.set('payload', payload);
      delivery.set('status', 'pending');
      delivery.set('attempts', 0);
      delivery.set('next_attempt_at', dateString());
      app.save(delivery);
    }
    if (kick) kickWorker(app);
    return true;
  } catch (error) {
    app.logger().error('Queueing a webhook failed', 'event', event.type, 'error', String(error));
    return false;
  }
}

module.exports = { enqueue, hasSubscribers };
