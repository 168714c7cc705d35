// The Slack source's door (pb_hooks/feedback/feedback-slack.pb.js): every request proves it is Slack's (./verify.js) before
// anything is read; then a "Send to feedback" message shortcut captures the message (any full member of the
// workspace may send one; staff get the suggested ideas with a Link button each), a Link click links the item as
// the inbox does (only a Slack user whose email is an active staff member's), and a new message in the one
// configured channel (Events API) is captured too. Everything else is refused and logged.
const { captureFeedback } = require(`${__hooks}/feedback/capture.js`);
const { take } = require(`${__hooks}/platform/limits.js`);
const { linkAs } = require(`${__hooks}/feedback/actions.js`);
const { slackUser, respond } = require(`${__hooks}/feedback/sources/slack/api.js`);
const { readMessage } = require(`${__hooks}/feedback/sources/slack/read.js`);
const { connection, noteEvent } = require(`${__hooks}/feedback/sources/slack/settings.js`);
const { signatureProblem } = require(`${__hooks}/feedback/sources/slack/verify.js`);
const answers = require(`${__hooks}/feedback/sources/slack/answer.js`);
const { refuseWebhook } = require(`${__hooks}/platform/webhook-door.js`);

/** The shortcut's callback id, as the operator sets it in the Slack app (docs: features/feedback-inbox). */
const CALLBACK_ID = 'send_to_feedback';
/** Slack's interaction payloads and events are a few KB; a 40,000-character message, form-encoded, under 256 KB. */
const MAX_BODY_BYTES = 256 * 1024;

/** Logs why and answers the same few words to every reason (platform/webhook-door.js). */
const refuse = (e, status, reason) => refuseWebhook(e, 'Slack', status, reason);

/** Checks the door: the source on, the body within its cap, Slack's signature. { settings, raw } or { refused }. */
function openDoor(e) {
  const header = (name) => String(e.request.header.get(name) || '');
  return connection.openDoor(e, {
    maxBytes: MAX_BODY_BYTES,
    // The interactions are form-encoded: each route reads its own body.
    json: false,
    signatureProblem: (raw, settings) =>
      signatureProblem(
        settings.getString('signing_secret'),
        header('X-Slack-Request-Timestamp'),
        header('X-Slack-Signature'),
        raw,
        Math.floor(Date.now() / 1000),
      ),
  });
}

/** A request from the app's own workspace, when the settings name one. */
const sameTeam = (settings, team) => !settings.getString('team_id') || settings.getString('team_id') === team;

/** The value of `field` in a form-encoded body. */
function formField(raw, field) {
  for (const pair of raw.split('&')) {
    const at = pair.indexOf('=');
    const name = at < 0 ? pair : pair.slice(0, at);
    if (name !== field) continue;
    try {
      return decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
    } catch {
      return '';
    }
  }
  return '';
}

/** A full member of the workspace (no guest, bot, deleted or outside account, the email confirmed), or false. */
function inWorkspace(user, team) {
  if (!user || user.deleted || user.is_bot || user.is_app_user) return false;
  if (user.is_restricted || user.is_ultra_restricted || user.is_stranger || user.is_email_confirmed === false) {
    return false;
  }
  return !team || !user.team_id || user.team_id === team;
}

/** The Chorus staff member a Slack user is (a full workspace member whose email is an active staff account's). */
function staffOf(app, user, team) {
  const email = String(user?.profile?.email || '');
  if (!inWorkspace(user, team)) return null;
  return require(`${__hooks}/feedback/sources/vendor-api.js`).staffByEmail(app, email);
}

/** captureFeedback's answer, or null when the message says nothing (a file alone); any other failure logged. */
function captureOrNull(app, input) {
  try {
    return captureFeedback(app, input);
  } catch (error) {
    if (!/nothing was said/.test(String(error))) {
      app.logger().error('Slack: a message was not captured', 'error', String(error).slice(0, 300));
    }
    return null;
  }
}

/** "Send to feedback": the message captured with its author; the clicker told, with suggestions when staff. */
function shortcut(e, settings, payload) {
  const token = settings.getString('bot_token');
  const team = String(payload.team?.id || '');
  const say = (message) => respond(e.app, String(payload.response_url || ''), message);
  if (take('slack-capture', `${team}:${String(payload.user?.id || '')}`)) {
    e.app.logger().warn('Slack: too many shortcuts from one user', 'user', String(payload.user?.id).slice(0, 40));
    say(answers.plainAnswer('Too many messages sent to the feedback inbox this hour: try again later.'));
    return e.string(200, '');
  }
  const clicker = slackUser(e.app, token, payload.user?.id);
  if (!inWorkspace(clicker, team)) {
    e.app
      .logger()
      .warn('Slack: a shortcut from someone who is not a full member was refused', 'user', String(payload.user?.id));
    say(answers.plainAnswer('Only members of this workspace can send messages to the feedback inbox.'));
    return e.string(200, '');
  }
  const staff = staffOf(e.app, clicker, team);
  const input = readMessage(e.app, settings, {
    message: payload.message,
    channel: payload.channel?.id,
    domain: payload.team?.domain,
    capturedBy: staff,
  });
  const captured = input ? captureOrNull(e.app, input) : null;
  if (!captured) {
    say(answers.plainAnswer('This message has no words to send to the feedback inbox.'));
    return e.string(200, '');
  }
  noteEvent(e.app);
  say(
    staff
      ? answers.captureAnswer(e.app, captured.item, captured.duplicate)
      : answers.plainAnswer('Sent to the feedback inbox: staff will take it from there.'),
  );
  return e.string(200, '');
}

/** A Link button: the same link as the inbox's, as the staff member the clicker is; anyone else refused. */
function linkClick(e, settings, payload, action) {
  const say = (message) => respond(e.app, String(payload.response_url || ''), message);
  const ids = /^([a-z0-9]{15}):([a-z0-9]{15})$/.exec(String(action.value || ''));
  if (!ids) return refuse(e, 400, 'a Link button without an item and an idea');
  const clicker = slackUser(e.app, settings.getString('bot_token'), payload.user?.id);
  const staff = staffOf(e.app, clicker, String(payload.team?.id || ''));
  if (!staff) {
    e.app
      .logger()
      .warn('Slack: a Link from someone who is not active staff was refused', 'user', String(payload.user?.id));
    say(answers.plainAnswer('Only Chorus staff can link feedback to an idea.'));
    return e.string(200, '');
  }
  e.auth = staff; // the idea is found, the vote made and the audit kept as this staff member, as in the inbox
  try {
    say(answers.linkedAnswer(e.app, linkAs(e, staff, ids[1], ids[2])));
  } catch (error) {
    say(answers.plainAnswer(`Not linked: ${String(error?.message || error).slice(0, 200)}`));
  }
  return e.string(200, '');
}

/** POST /api/chorus/slack/interactivity: Slack's form-encoded `payload`. */
function receiveInteraction(e) {
  const door = openDoor(e);
  if (door.refused) return door.refused;
  let payload;
  try {
    payload = JSON.parse(formField(door.raw, 'payload'));
  } catch {
    return refuse(e, 400, 'a body without a JSON payload');
  }
  if (!payload || typeof payload !== 'object') return refuse(e, 400, 'a body without a JSON payload');
  if (!sameTeam(door.settings, payload.team?.id)) return refuse(e, 403, 'a request from another workspace');
  if (payload.type === 'message_action' && payload.callback_id === CALLBACK_ID) {
    return shortcut(e, door.settings, payload);
  }
  const action = Array.isArray(payload.actions) ? payload.actions[0] : null;
  if (payload.type === 'block_actions' && /^feedback_link_\d$/.test(String(action?.action_id || ''))) {
    return linkClick(e, door.settings, payload, action);
  }
  return refuse(e, 400, `an interaction Chorus does not handle (${String(payload.type).slice(0, 40)})`);
}

/** Why a channel's event is not feedback ('' when it is): Slack's docs advise skipping bots, edits and replies. */
function ignoredBecause(event, channel) {
  if (!channel) return 'no channel is set';
  if (event.type !== 'message') return 'not a message';
  if (event.channel !== channel) return 'another channel';
  if (event.subtype) return `a ${String(event.subtype).slice(0, 40)} message`; // edits, joins, bots, deletions
  if (event.bot_id || event.app_id || !event.user) return 'a bot';
  if (event.thread_ts && event.thread_ts !== event.ts) return 'a reply in a thread';
  return '';
}

/** POST /api/chorus/slack/events: the Events API (url_verification, then event_callback). */
function receiveEvent(e) {
  const door = openDoor(e);
  if (door.refused) return door.refused;
  let body;
  try {
    body = JSON.parse(door.raw);
  } catch {
    return refuse(e, 400, 'a body that is not JSON');
  }
  if (body?.type === 'url_verification') return e.json(200, { challenge: String(body.challenge || '').slice(0, 200) });
  if (body?.type !== 'event_callback' || !body.event) return refuse(e, 400, 'not an event_callback');
  if (!sameTeam(door.settings, body.team_id)) return refuse(e, 403, 'an event from another workspace');
  if (ignoredBecause(body.event, door.settings.getString('channel'))) return e.string(200, '');
  if (take('slack-capture', `${String(body.team_id || '')}:${String(body.event.user)}`)) {
    return refuse(e, 200, 'too many channel messages from one user this hour'); // a 200: Slack would only retry
  }
  const input = readMessage(e.app, door.settings, { message: body.event, channel: body.event.channel });
  // A retry (X-Slack-Retry-Num) of an event already captured is the same item: its id is channel:ts.
  if (input && captureOrNull(e.app, input)) noteEvent(e.app);
  return e.string(200, '');
}

module.exports = { receiveInteraction, receiveEvent, CALLBACK_ID };
