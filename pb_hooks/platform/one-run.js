// One run at a time of a job that can be woken while its minute's run goes on (a cron tick and $jobs.wake, or two
// ticks of a long run): the run holds an app-store key (this process's, so a restart frees it) and a second run
// finds it held and does nothing; a key older than `staleMs` (a run that died) is taken over.

/** Runs `run` unless another run holding `key` is under way: its answer, or 0 when another run held the key. */
function oneRunAtATime(key, run, staleMs = 5 * 60 * 1000) {
  const now = Date.now();
  let mine = false;
  $app.store().setFunc(key, (held) => {
    if (held && now - Number(held) < staleMs) return held;
    mine = true;
    return String(now);
  });
  if (!mine) return 0;
  try {
    return run();
  } finally {
    $app.store().remove(key);
  }
}

module.exports = { oneRunAtATime };
