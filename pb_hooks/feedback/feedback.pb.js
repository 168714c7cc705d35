/// <reference path="../../pb_data/types.d.ts" />
// The staff feedback inbox (issue 58): feedback captured where customers said it (pb_hooks/feedback/), and what
// staff do with each item. Active staff only; items also arrive live (feedback_items' list rule: active staff).
//
// GET  /api/chorus/feedback?status=new&source=&told=1 { items, counts: { mail, slack, zendesk, intercom }, told (with told=1), mail_address }
// GET  /api/chorus/feedback/{id}                      one item as the inbox shows it
// POST /api/chorus/feedback/{id}/link     { idea }                 the customer's vote, the quote kept on the idea
// POST /api/chorus/feedback/{id}/idea     { board, title?, body? } a new idea (prefilled from the quote), linked
// POST /api/chorus/feedback/{id}/dismiss                            out of the inbox, nothing posted

// A long capture's suggested title and need from the chat model, after its save (feedback/summary.js).
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).FEEDBACK_SUMMARIES_JOB, '* * * * *', () => {
  const { FEEDBACK_SUMMARIES_RUNNING_KEY } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);
  require(`${__hooks}/platform/one-run.js`).oneRunAtATime(FEEDBACK_SUMMARIES_RUNNING_KEY, () =>
    require(`${__hooks}/feedback/summary.js`).runSummaries($app),
  );
});

routerAdd(
  'GET',
  '/api/chorus/feedback',
  (e) => {
    const query = e.request.url.query();
    const list = require(`${__hooks}/feedback/view.js`).listItems(e.app, {
      status: String(query.get('status') || 'new'),
      source: String(query.get('source') || '').slice(0, 20),
      told: query.get('told') === '1',
    });
    const mailAddress = require(`${__hooks}/inbound-email/addresses.js`).feedbackAddress();
    return e.json(200, { ...list, mail_address: mailAddress });
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'GET',
  '/api/chorus/feedback/{id}',
  (e) => {
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    let item;
    try {
      item = e.app.findRecordById('feedback_items', e.request.pathValue('id'));
    } catch {
      throw new NotFoundError(refusalText('feedbackNotFound'));
    }
    return e.json(200, require(`${__hooks}/feedback/view.js`).describeItems(e.app, [item])[0]);
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

routerAdd(
  'POST',
  '/api/chorus/feedback/{id}/link',
  (e) => require(`${__hooks}/feedback/actions.js`).linkItem(e),
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'POST',
  '/api/chorus/feedback/{id}/idea',
  (e) => require(`${__hooks}/feedback/actions.js`).newIdeaFromItem(e),
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);

routerAdd(
  'POST',
  '/api/chorus/feedback/{id}/dismiss',
  (e) => require(`${__hooks}/feedback/actions.js`).dismissItem(e),
  ...require(`${__hooks}/platform/route-guards.js`).SIGNED_IN,
);
