// The one module that speaks to Slack for the feedback inbox: its Web API (users.info, chat.getPermalink, and
// chat.postMessage for the answer in a customer's thread: the shapes
// of Slack's published OpenAPI spec, github.com/slackapi/slack-api-specs, web-api/slack_web_openapi_v2.json) with
// the bot token, and an interaction's response_url (an ephemeral answer). Calls go through platform/outbound/outbound.js
// (public addresses only, no redirects, a time and size cap). CHORUS_SLACK_API_URL points the calls at a local
// server speaking the same protocol (tests); a response_url is only ever Slack's own (hooks.slack.com) or on it.
const { send } = require(`${__hooks}/platform/outbound/outbound.js`);

const TIMEOUT_SECONDS = 2; // Slack waits 3 s for the door's answer
const MAX_ANSWER_BYTES = 256 * 1024;

const apiUrl = () => ($os.getenv('CHORUS_SLACK_API_URL') || 'https://slack.com/api').replace(/\/+$/, '');
const originOf = (url) => (/^https?:\/\/[^/?#]+/i.exec(url) || [''])[0].toLowerCase();

/** One Web API method by GET (both are read methods): its answer when `ok`, else null (and a warning logged). */
function callMethod(app, token, method, query) {
  if (!token) return null;
  const params = Object.keys(query)
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(query[key])}`)
    .join('&');
  const answer = send({
    url: `${apiUrl()}/${method}?${params}`,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': 'Chorus-Feedback/1' },
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  let json = null;
  try {
    json = answer.ok && answer.body ? JSON.parse(answer.body) : null;
  } catch {
    json = null;
  }
  if (!json?.ok) {
    // Slack answers 200 { ok: false, error: "user_not_found" | "missing_scope" | … }: the code is safe to log.
    const error = json ? String(json.error || 'error').slice(0, 60) : answer.reason || 'failed';
    app.logger().warn('Slack: a Web API call failed', 'method', method, 'error', error);
    return null;
  }
  return json;
}

/** users.info: the Slack user object ({ id, team_id, deleted, is_bot, is_restricted, profile: { email, … } }) or null. */
function slackUser(app, token, id) {
  if (!/^[UW][A-Z0-9]{2,30}$/.test(String(id || ''))) return null;
  return callMethod(app, token, 'users.info', { user: id })?.user || null;
}

/** chat.getPermalink: the message's address, or '' when Slack does not give one. */
function permalink(app, token, channel, ts) {
  const answer = callMethod(app, token, 'chat.getPermalink', { channel, message_ts: ts });
  const link = String(answer?.permalink || '');
  return /^https:\/\/[a-z0-9-]+\.slack\.com\//i.test(link) || originOf(link) === originOf(apiUrl()) ? link : '';
}

/** Whether `url` is a response_url Slack could have given: hooks.slack.com (or the local stand-in's origin). */
function isResponseUrl(url) {
  const origin = originOf(url);
  if (origin === 'https://hooks.slack.com') return true;
  return Boolean($os.getenv('CHORUS_SLACK_API_URL')) && origin === originOf(apiUrl());
}

/** Posts `message` (Slack's message payload: text, blocks, response_type, replace_original) to a response_url. */
function respond(app, url, message) {
  if (!isResponseUrl(url)) {
    app.logger().warn('Slack: a response_url not on hooks.slack.com was not called', 'url', String(url).slice(0, 200));
    return false;
  }
  const answer = send({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'Chorus-Feedback/1' },
    body: JSON.stringify(message),
    timeoutSeconds: TIMEOUT_SECONDS,
  });
  if (!answer.ok) app.logger().warn('Slack: the ephemeral answer failed', 'reason', answer.reason || 'failed');
  return answer.ok;
}

/**
 * chat.postMessage as a reply in the thread of message `threadTs` in `channel` (`message`: text and blocks), with the
 * bot token. Answers { ok, code, error }: `error` one of outbound's fixed reasons, or Slack's own error code
 * ({ ok: false, error: "channel_not_found" | "not_in_channel" | "ratelimited" | … } with HTTP 200), never a body.
 */
function postThreadReply(token, channel, threadTs, message, timeoutSeconds = TIMEOUT_SECONDS) {
  if (!token) return { ok: false, code: 0, error: 'no_token' };
  const answer = send({
    url: `${apiUrl()}/chat.postMessage`,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Chorus-Feedback/1',
    },
    body: JSON.stringify({ ...message, channel, thread_ts: threadTs, unfurl_links: false, unfurl_media: false }),
    timeoutSeconds,
    maxBytes: MAX_ANSWER_BYTES,
  });
  if (!answer.ok) return { ok: false, code: answer.status, error: answer.reason || 'failed' };
  let json = null;
  try {
    json = answer.body ? JSON.parse(answer.body) : null;
  } catch {
    json = null;
  }
  if (json?.ok === true) return { ok: true, code: answer.status, error: '' };
  const error = json
    ? String(json.error || 'error')
        .replace(/[^a-z_]/g, '')
        .slice(0, 60)
    : 'unreadable';
  return { ok: false, code: answer.status, error: `slack:${error}` };
}

module.exports = { slackUser, permalink, respond, postThreadReply };
