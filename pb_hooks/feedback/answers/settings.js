// Whether each source answers its customers (issue 58): Slack's switch is on slack_settings, Zendesk's on
// zendesk_settings and Intercom's on intercom_settings (beside each source's other settings), forwarded mail's on the one record of
// feedback_mail_settings (the inbound address itself is configured by the environment); all on unless an admin
// switches them off. The mail switch's admin route lives here too.
const { recordAudit } = require(`${__hooks}/audit/audit.js`);

function firstRecord(app, collection) {
  try {
    return app.findFirstRecordByFilter(collection, '');
  } catch {
    return null;
  }
}

/** Whether answers go back through `channel` ('slack', 'zendesk', 'intercom' or 'mail'): the switch, and a token. */
function answeringOn(app, channel) {
  if (channel === 'slack') {
    const slack = firstRecord(app, 'slack_settings');
    return Boolean(slack?.getBool('answer_customers') && slack.getString('bot_token'));
  }
  if (channel === 'zendesk') {
    const zendesk = firstRecord(app, 'zendesk_settings');
    return Boolean(
      zendesk?.getBool('answer_customers') && zendesk.getString('api_token') && zendesk.getString('agent_email'),
    );
  }
  if (channel === 'intercom') {
    const intercom = firstRecord(app, 'intercom_settings');
    return Boolean(
      intercom?.getBool('answer_customers') && intercom.getString('access_token') && intercom.getString('admin_id'),
    );
  }
  if (channel === 'mail') return Boolean(firstRecord(app, 'feedback_mail_settings')?.getBool('answer_customers'));
  return false;
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
  e.app.runInTransaction((txApp) => {
    txApp.save(settings);
    recordAudit(txApp, e, {
      action: 'feedback.mail_settings',
      collection: 'feedback_mail_settings',
      id: settings.id,
      label: 'Forwarded mail',
      after: { answer_customers: value },
    });
  });
  return describeMailSettings(e.app);
}

module.exports = { answeringOn, describeMailSettings, updateMailSettings };
