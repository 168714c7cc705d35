// Whether each source answers its customers (issue 58): Slack's switch is on slack_settings, Zendesk's on
// zendesk_settings and Intercom's on intercom_settings (beside each source's other settings), forwarded mail's on the one record of
// feedback_mail_settings (the inbound address itself is configured by the environment); all on unless an admin
// switches them off. The mail switch's admin route lives here too.
const { saveAudited } = require(`${__hooks}/audit/audit.js`);

function firstRecord(app, collection) {
  try {
    return app.findFirstRecordByFilter(collection, '');
  } catch {
    return null;
  }
}

// Each source's switch and what answering needs set beside it, declared with its settings.
const SOURCES = {
  slack: require(`${__hooks}/feedback/sources/slack/settings.js`).connection.spec,
  zendesk: require(`${__hooks}/feedback/sources/zendesk/settings.js`).connection.spec,
  intercom: require(`${__hooks}/feedback/sources/intercom/settings.js`).connection.spec,
};

/** Whether answers go back through `channel` ('slack', 'zendesk', 'intercom' or 'mail'): the switch, and a token. */
function answeringOn(app, channel) {
  if (channel === 'mail') return Boolean(firstRecord(app, 'feedback_mail_settings')?.getBool('answer_customers'));
  const source = Object.keys(SOURCES).includes(channel) ? SOURCES[channel] : null;
  const settings = source && firstRecord(app, source.collection);
  return Boolean(
    settings?.getBool('answer_customers') && source.answersNeed.every((field) => settings.getString(field)),
  );
}

/** GET …/feedback/mail/settings: what admins see. */
const describeMailSettings = (app) => ({
  answer_customers: Boolean(firstRecord(app, 'feedback_mail_settings')?.getBool('answer_customers')),
});

/** POST …/feedback/mail/settings { answer_customers }: the switch, audited. */
function updateMailSettings(e) {
  const value = e.requestInfo().body.answer_customers;
  if (typeof value !== 'boolean') {
    throw new BadRequestError('', {
      answer_customers: new ValidationError('validation_invalid_value', 'Invalid value.'),
    });
  }
  const settings = firstRecord(e.app, 'feedback_mail_settings');
  settings.set('answer_customers', value);
  saveAudited(e, settings, {
    action: 'feedback.mail_settings',
    collection: 'feedback_mail_settings',
    id: settings.id,
    label: 'Forwarded mail',
    after: { answer_customers: value },
  });
  return describeMailSettings(e.app);
}

module.exports = { answeringOn, describeMailSettings, updateMailSettings };
