/// <reference path="../../pb_data/types.d.ts" />
// The ideas' vectors for similar ideas by meaning (issue 38, ai/): the AI_INDEX_JOB (src/contract/hand-offs.ts) embeds what is
// missing or stale every minute, and right after an idea is created or its title or body edited (woken on its own
// goroutine after the commit by server/cmd/pocketbase/vector_hooks.go, which also marks an edited idea's vector
// stale in the edit's transaction and keeps Go's index, $vectors, free of deleted ideas).
// GET /api/chorus/ai/status: the indexing's progress, for staff (and the operator).
// Nothing runs without a provider (CHORUS_AI_URL and CHORUS_AI_EMBEDDING_MODEL).
// Whether a provider is configured, decided here once (the environment is read at start): Go reads it from the
// app's store before waking the job after a save (server/cmd/pocketbase/vector_hooks.go), so both agree.
onBootstrap((e) => {
  e.next();
  const provider = require(`${__hooks}/ai/provider.js`);
  e.app.store().set(require(`${__hooks}/platform/contract/hand-offs.js`).AI_CONFIGURED_KEY, provider.isConfigured());
});

cronAdd(require(`${__hooks}/platform/contract/hand-offs.js`).AI_INDEX_JOB, '* * * * *', () => {
  require(`${__hooks}/ai/indexer.js`).runIndexer($app);
});

routerAdd('GET', '/api/chorus/ai/status', (e) => {
  if (!e.hasSuperuserAuth()) require(`${__hooks}/platform/staff.js`).requireStaff(e);
  return e.json(200, require(`${__hooks}/ai/indexer.js`).indexStatus(e.app));
});

// An admin's calibration of the model in use on the labelled pairs (issue 61, calibration/run.js): POST queues
// a run and wakes its job (202, the run's row); GET answers the points in use, where they come from, today's runs
// left and the newest run for the model, which the admin page polls while it runs. Admins and superusers only.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).AI_CALIBRATE_JOB, '* * * * *', () => {
  require(`${__hooks}/calibration/run.js`).runPendingCalibration($app);
});

routerAdd(
  'POST',
  '/api/chorus/ai/calibrations',
  (e) => {
    const user = require(`${__hooks}/platform/staff.js`).requireAdmin(e);
    const run = require(`${__hooks}/calibration/run.js`);
    const record = run.startCalibration(e.app, user);
    e.response.header().set('Cache-Control', 'no-store');
    return e.json(202, run.calibrationStatus(e.app).latest || { id: record.id, state: 'running' });
  },
  $apis.requireAuth('users', '_superusers'),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'GET',
  '/api/chorus/ai/calibrations/current',
  (e) =>
    require(`${__hooks}/platform/private-answers.js`).privateJson(
      e,
      require(`${__hooks}/calibration/run.js`).calibrationStatus(e.app),
    ),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

// The chat model's settings as the site runs them (ai/chat.js): { configured, model, callsThisHour, callsPerHour },
// never its URL or key. Admins and superusers only.
routerAdd(
  'GET',
  '/api/chorus/ai/chat',
  (e) =>
    require(`${__hooks}/platform/private-answers.js`).privateJson(
      e,
      require(`${__hooks}/ai/chat.js`).chatStatus(e.app),
    ),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);
