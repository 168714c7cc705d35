/// <reference path="../../pb_data/types.d.ts" />
// An admin changed the score's formula or weights: every idea's reach and score is recomputed in the same
// transaction as the change (set-based, priority/rescore.js; about a second for 10,000 ideas and 200,000 votes,
// see the README), so staff lists never sort by a mix of old and new scores.
onRecordUpdate((e) => {
  const before = e.record.original();
  const weightsChanged = toString(before.get('weights')) !== toString(e.record.get('weights'));
  if (!weightsChanged && before.getString('formula') === e.record.getString('formula')) return e.next();
  const { rescoreAll } = require(`${__hooks}/priority/rescore.js`);
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => {
    const started = Date.now();
    rescoreAll(txApp, e.record, { weightsChanged });
    txApp.logger().info('Scores recomputed', 'weights', weightsChanged, 'ms', Date.now() - started);
  });
}, 'scoring');

// Weights are checked as the admin sends them (priority/insights.js would quietly ignore a bad one): revenue
// 0–1,000 per $1,000, and 0–100 for segments that exist; anything else is refused with a field message.
onRecordUpdateRequest((e) => {
  const { inRequestLanguage } = require(`${__hooks}/platform/refusals.js`);
  inRequestLanguage(e, () => {
    const { badWeights } = require(`${__hooks}/priority/rescore.js`);
    if (badWeights(e.app, e.record)) {
      const { refusalText, fieldRefusal } = require(`${__hooks}/platform/refusals.js`);
      throw new BadRequestError(refusalText('badScoringWeights'), {
        weights: fieldRefusal('invalid_weights', 'badScoringWeights'),
      });
    }
    e.next();
  });
}, 'scoring');
