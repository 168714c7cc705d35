// Webhook delivery settings, read from the environment of the PocketBase process so tests (and
// operators) can tune them without a migration. Defaults suit production.
function numberFromEnv(name, fallback) {
  const value = Number($os.getenv(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function webhookConfig() {
  return {
    // First retry after this many seconds, doubling each time (capped at six hours).
    retryBaseSeconds: numberFromEnv('CHORUS_WEBHOOK_RETRY_SECONDS', 60),
    // A receiver that has not answered within this many seconds counts as failed.
    timeoutSeconds: numberFromEnv('CHORUS_WEBHOOK_TIMEOUT_SECONDS', 10),
    // A delivery is given up (status failed) after this many attempts.
    maxAttempts: numberFromEnv('CHORUS_WEBHOOK_MAX_ATTEMPTS', 8),
    // An endpoint is paused after this many failed attempts in a row.
    pauseAfterFailures: numberFromEnv('CHORUS_WEBHOOK_PAUSE_AFTER', 15),
    // Vote counts that send idea.vote_milestone.
    voteMilestones: String($os.getenv('CHORUS_WEBHOOK_VOTE_MILESTONES') || '10,25,50,100,250,500,1000')
      .split(',')
      .map(Number)
      .filter((n) => n > 0),
  };
}

module.exports = { webhookConfig };
