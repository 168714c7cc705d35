// The cosines that decide what "close in meaning" is, for the model in use (issue 61): one scale (the provider's
// cosine), three points on it, read by both the hints while typing (ai/hybrid.js) and the staff queue
// (duplicates/candidates.js):
// - hint: the least cosine for an idea to be offered while typing by its meaning;
// - floor: where meaning starts to count as evidence of a duplicate in the queue (below it: none);
// - alone: the cosine that queues a pair with no word in common.
// Each model's points are derived from the labelled pairs by `npm run bench -- duplicates --calibrate`
// (ai/calibrations.js, a table keyed by provider and model, written by the bench), or by an admin's run through
// the site's own provider (/admin/ai, calibration/run.js, kept in ai_calibrations), which comes first for
// its model; a model without either gets STRICT, higher points that offer and queue less, and the health page says so. CHORUS_AI_MIN_SIMILARITY, when
// set, still overrides the hint point (an operator's own measure). Two different texts with the same vector
// (SAME_VECTOR: a cosine of 0.9995 or more) were not read by the model (a script it has no words for: the local
// English model gives every Chinese, Japanese or Hebrew text one vector), so such ties say nothing about meaning.
const { CALIBRATIONS } = require(`${__hooks}/ai/calibrations.js`);

/** For a model nobody calibrated: only close pairs count (its unrelated texts may sit far higher than the local's). */
const STRICT = { hint: 0.6, floor: 0.7, alone: 0.9 };
const SAME_VECTOR = 0.9995;

/** The calibration of `model` (through `provider`, else any provider: the vectors are the model's), or null. */
function calibrationOf(provider, model) {
  if (!model) return null;
  const same = CALIBRATIONS.filter((one) => one.model === model);
  return same.find((one) => one.provider === provider) || same[0] || null;
}

/** The newest calibration this site ran for `model` (through `provider` first), or null: { hint, floor, alone, pairs }. */
function siteCalibrationOf(app, provider, model) {
  if (!model) return null;
  let runs;
  try {
    runs = app.findRecordsByFilter('ai_calibrations', "model = {:model} && state = 'done'", '-created', 10, 0, {
      model,
    });
  } catch (_) {
    return null; // before the migration ran
  }
  const run = runs.find((one) => one.getString('provider') === provider) || runs[0];
  if (!run) return null;
  const measured = JSON.parse(run.getString('measured') || 'null') || {};
  return {
    hint: run.getFloat('hint'),
    floor: run.getFloat('floor'),
    alone: run.getFloat('alone'),
    pairs: measured.pairs || 0,
  };
}

/**
 * { hint, floor, alone, calibrated, measuredOn, source } for the model in use (provider.js): `source` 'site' (an
 * admin's run), 'shipped' (the bench's table) or 'strict' (none: the STRICT points).
 */
function thresholds(app = typeof $app === 'undefined' ? null : $app) {
  const provider = require(`${__hooks}/ai/provider.js`);
  const name = provider.providerName();
  const model = provider.modelName();
  const site = app ? siteCalibrationOf(app, name, model) : null;
  const found = site || calibrationOf(name, model);
  const points = found ? { hint: found.hint, floor: found.floor, alone: found.alone } : { ...STRICT };
  const set = typeof $os === 'undefined' ? Number.NaN : Number.parseFloat($os.getenv('CHORUS_AI_MIN_SIMILARITY'));
  if (Number.isFinite(set)) points.hint = set;
  const source = site ? 'site' : found ? 'shipped' : 'strict';
  return { ...points, calibrated: Boolean(found), measuredOn: found ? found.pairs : 0, source };
}

module.exports = { STRICT, SAME_VECTOR, calibrationOf, siteCalibrationOf, thresholds };
