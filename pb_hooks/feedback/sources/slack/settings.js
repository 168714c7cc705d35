// The Slack source's settings (slack_settings, one record): read by the door, shown to admins without the secrets
// (that one is set, and the bot token's last four characters), and changed by admins in one audited write.
const { recordAudit } = require(`${__hooks}/audit/audit.js`);

const CHANNEL = /^$|^[CG][A-Z0-9]{2,19}$/;
const TEAM = /^$|^[TE][A-Z0-9]{2,19}$/;

/** The one settings record. */
function slackSettings(app) {
  return app.findFirstRecordByFilter('slack_settings', '');
}

/** PocketBase's own address as the request reached it (Slack calls PocketBase directly, not the site). */
function ownBase(e) {
  const forwarded = String(e.request.header.get('X-Forwarded-Proto') || '')
    .split(',')[0]
    .trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : e.request.tls ? 'https' : 'http';
  return `${scheme}://${e.request.host}`;
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  const token = settings.getString('bot_token');
  const base = ownBase(e);
  return {
    active: settings.getBool('active'),
    answer_customers: settings.getBool('answer_customers'),
    team_id: settings.getString('team_id'),
    channel: settings.getString('channel'),
    signing_secret_set: settings.getString('signing_secret') !== '',
    bot_token: token ? `…${token.slice(-4)}` : '',
    last_event_at: settings.getString('last_event_at'),
    // What the operator pastes into the Slack app's settings: PocketBase's own public address answers them.
    interactivity_url: `${base}/api/chorus/slack/interactivity`,
    events_url: `${base}/api/chorus/slack/events`,
  };
}

const invalid = (field) =>
  new BadRequestError('', { [field]: new ValidationError('validation_invalid_value', 'Invalid value.') });

/** POST …/settings { active?, answer_customers?, team_id?, channel?, signing_secret?, bot_token? }: the fields given, checked. */
function updateSettings(e) {
  const body = e.requestInfo().body;
  const settings = slackSettings(e.app);
  const changed = [];
  const text = (field) => String(body[field] ?? '').trim();
  for (const field of ['active', 'answer_customers']) {
    if (body[field] === undefined || body[field] === null) continue;
    settings.set(field, body[field] === true);
    changed.push(field);
  }
  for (const [field, pattern] of [
    ['team_id', TEAM],
    ['channel', CHANNEL],
  ]) {
    if (body[field] === undefined || body[field] === null) continue;
    if (!pattern.test(text(field))) throw invalid(field);
    settings.set(field, text(field));
    changed.push(field);
  }
  for (const [field, pattern] of [
    ['signing_secret', /^[a-f0-9]{16,200}$/],
    ['bot_token', /^xoxb-[A-Za-z0-9-]{10,290}$/],
  ]) {
    if (body[field] === undefined || body[field] === null || body[field] === '') continue;
    if (!pattern.test(text(field))) throw invalid(field);
    settings.set(field, text(field));
    changed.push(field);
  }
  e.app.runInTransaction((txApp) => {
    txApp.save(settings);
    recordAudit(txApp, e, {
      action: 'slack.settings',
      collection: 'slack_settings',
      id: settings.id,
      label: 'Slack',
      after: { changed },
    });
  });
  return describeSettings(e, settings);
}

module.exports = { slackSettings, describeSettings, updateSettings };
