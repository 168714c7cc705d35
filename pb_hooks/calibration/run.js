// An admin's calibration of the AI model in use (issue 61): the labelled pairs (calibration/pairs.json) embedded through
// the site's own provider (provider.js, in batches of its 64 texts, each with the indexer's timeout), the points
// derived by the bench's own derivation (calibration/derive.js), and the precision and recall on those pairs at the
// points in use before and at the new ones; kept in ai_calibrations, which ai/thresholds.js then prefers for
// the model. The request only queues a run (a `running` row) and wakes the AI_CALIBRATE_JOB; the run happens beside
// it and reports its progress on the row (embedded of total), which realtime sends to the admin page. One run at a time per
// site (the route refuses a second; the job holds a claim), RUNS_PER_DAY a day whatever their outcome (each one
// sends every labelled text to a provider that may charge for it). A provider that fails midway marks the run
// failed with why, and the points in use stay as they were. A run cut short (PocketBase restarted) is taken up
// again from the start by the job's next minute.
const provider = require(`${__hooks}/ai/provider.js`);
const { AI_CALIBRATE_JOB, AI_CALIBRATING_KEY: CLAIM_KEY } = require(`${__hooks}/platform/contract/hook-hand-offs.js`);

const COLLECTION = 'ai_calibrations';
const RUNS_PER_DAY = 5;
/** A batch of 64 on a CPU-only provider takes seconds (as ai/indexer.js). */
const BATCH_TIMEOUT_SECONDS = 60;
/** A claim older than this (renewed every batch) belongs to a run that died. */
const CLAIM_SECONDS = 300;

let labelled = null;
/** The labelled pairs (CHORUS_AI_CALIBRATION_PAIRS: the first N), read once per VM. */
function labelledPairs() {
  if (!labelled) {
    const { PAIRS_FILE } = require(`${__hooks}/calibration/derive.js`);
    const all = JSON.parse(toString($os.readFile(`${__hooks}/${PAIRS_FILE}`))).pairs;
    // CHORUS_AI_CALIBRATION_PAIRS: the first N pairs only, for a quick trial and the tests (unset: all of them).
    const first = Number.parseInt($os.getenv('CHORUS_AI_CALIBRATION_PAIRS'), 10);
    labelled = first > 0 ? all.slice(0, first) : all;
  }
  return labelled;
}

const countOf = (app, where, params) =>
  require(`${__hooks}/platform/sql-count.js`).countOf(
    app,
    `SELECT COUNT(*) AS n FROM ${COLLECTION} WHERE ${where}`,
    params,
  );
const dayAgo = () => require(`${__hooks}/platform/dates.js`).dateString(Date.now() - 86400000);

/** How many runs are left today (RUNS_PER_DAY in any 24 hours). */
const runsLeft = (app) => Math.max(0, RUNS_PER_DAY - countOf(app, 'created > {:since}', { since: dayAgo() }));

/**
 * Queues a run for the model in use by `user` (a users record, or null for a superuser) and wakes the job.
 * Throws a refusal when no provider is configured, a run is under way, or today's runs are spent.
 */
function startCalibration(app, user) {
  const { refusalText } = require(`${__hooks}/platform/refusals.js`);
  if (!provider.isConfigured()) throw new BadRequestError(refusalText('aiNotConfigured'));
  let record = null;
  app.runInTransaction((tx) => {
    if (countOf(tx, "state = 'running'", {}) > 0) throw new ApiError(409, refusalText('aiCalibrationRunning'), {});
    if (runsLeft(tx) === 0) throw new TooManyRequestsError(refusalText('aiCalibrationLimit'), {});
    record = new Record(tx.findCachedCollectionByNameOrId(COLLECTION));
    record.set('provider', provider.providerName());
    record.set('model', provider.modelName());
    record.set('state', 'running');
    record.set('embedded', 0);
    record.set('total', 2 * labelledPairs().length);
    if (user) record.set('by', user.id);
    tx.save(record);
  });
  require(`${__hooks}/webhooks/kick.js`).kickJob(app, AI_CALIBRATE_JOB);
  return record;
}

/** Claims the one run (or renews this run's claim); false when another run holds it. */
function claim(renew = false) {
  const now = Math.floor(Date.now() / 1000);
  let mine = false;
  $app.store().setFunc(CLAIM_KEY, (held) => {
    if (!renew && held && now - Number(held) < CLAIM_SECONDS) return held;
    mine = true;
    return String(now);
  });
  return mine;
}
const release = () => $app.store().remove(CLAIM_KEY);

/** Every a·b in Go (server/cmd/pocketbase/vectors.go): the VM would take minutes over 170,000 products. */
const goDots = (as, bs) =>
  $vectors.dots(
    as.map((one) => $vectors.encode(one)),
    bs.map((one) => $vectors.encode(one)),
  );

const pointsOf = (source) => ({ hint: source.hint, floor: source.floor, alone: source.alone });

function fail(app, record, why) {
  record.set('state', 'failed');
  record.set('error', String(why).slice(0, 500));
  app.save(record);
  app.logger().warn('AI calibration failed; the points in use stay', 'model', record.getString('model'), 'error', why);
}

/** Runs one queued calibration to its end (done or failed). */
function runOne(app, record) {
  const { derive, figuresAt, scoreAll, textsOf } = require(`${__hooks}/calibration/derive.js`);
  const { thresholds } = require(`${__hooks}/ai/thresholds.js`);
  const model = record.getString('model');
  if (provider.modelName() !== model) return fail(app, record, `the model in use is now ${provider.modelName()}`);
  const started = Date.now();
  const pairs = labelledPairs();
  const texts = textsOf(pairs);
  const before = thresholds(app);
  const vectors = [];
  for (let i = 0; i < texts.length; i += provider.MAX_TEXTS) {
    let answer;
    try {
      answer = provider.embed(texts.slice(i, i + provider.MAX_TEXTS), { timeoutSeconds: BATCH_TIMEOUT_SECONDS });
    } catch (error) {
      return fail(app, record, error?.message || String(error));
    }
    if (answer.model !== model) return fail(app, record, `the model in use is now ${answer.model}`);
    for (const vector of answer.vectors) vectors.push(vector);
    record.set('embedded', vectors.length);
    app.save(record);
    claim(true);
  }
  const embedding = Date.now() - started;
  app.logger().info('AI calibration: every labelled text embedded', 'model', model, 'ms', embedding);
  const scores = scoreAll(pairs, vectors, { dots: goDots });
  const found = derive(pairs, vectors, scores);
  const after = pointsOf(found);
  record.set('hint', after.hint);
  record.set('floor', after.floor);
  record.set('alone', after.alone);
  record.set('before', { ...pointsOf(before), source: before.source, ...figuresAt(scores, before) });
  record.set('after', { ...after, ...figuresAt(scores, after) });
  record.set('measured', {
    date: new Date().toISOString().slice(0, 10),
    ...found.figures,
    embeddingMs: embedding,
    totalMs: Date.now() - started,
  });
  record.set('state', 'done');
  app.save(record);
}

/** The job: runs the oldest queued calibration, if no other run holds the claim. */
function runPendingCalibration(app) {
  const queued = app.findRecordsByFilter(COLLECTION, "state = 'running'", 'created', 1, 0);
  if (queued.length === 0 || !claim()) return;
  try {
    runOne(app, queued[0]);
  } catch (error) {
    // Anything else (a derivation on no vectors, a save refused): the run ends failed, never stays running.
    try {
      fail(app, app.findRecordById(COLLECTION, queued[0].id), String(error));
    } catch (_) {}
  } finally {
    release();
  }
}

const FIELDS = ['id', 'provider', 'model', 'state', 'embedded', 'total', 'hint', 'floor', 'alone', 'error', 'by'];

/** A run as the admin page shows it. */
function publicRun(record) {
  if (!record) return null;
  const run = {};
  for (const field of FIELDS) run[field] = record.get(field);
  for (const field of ['before', 'after', 'measured']) {
    const text = record.getString(field);
    run[field] = text && text !== 'null' ? JSON.parse(text) : null;
  }
  run.created = record.getString('created');
  run.updated = record.getString('updated');
  return run;
}

/**
 * For /admin/ai: { configured, provider, model, points: { hint, floor, alone }, source, runsLeft, latest } where
 * latest is the newest run for the model in use (or null), in any state.
 */
function calibrationStatus(app) {
  const { thresholds } = require(`${__hooks}/ai/thresholds.js`);
  const configured = provider.isConfigured();
  const model = provider.modelName();
  const points = thresholds(app);
  let latest = null;
  if (configured) {
    const rows = app.findRecordsByFilter(COLLECTION, 'model = {:model}', '-created', 1, 0, { model });
    latest = publicRun(rows[0] || null);
  }
  return {
    configured,
    provider: provider.providerName(),
    model,
    points: pointsOf(points),
    source: configured ? points.source : '',
    runsLeft: runsLeft(app),
    latest,
  };
}

module.exports = { RUNS_PER_DAY, startCalibration, runPendingCalibration, calibrationStatus };
