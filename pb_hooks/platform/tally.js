// Outcome counters kept in the app store (they start at zero with PocketBase): how many sends worked and failed,
// the last error and when. The mail path and the edge publisher count into them; the health page reads them.

/** Counts one outcome (null: success) under `key`: sent, failed, the last error and when. */
function count(app, key, error) {
  app.store().setFunc(key, (old) => {
    const tally = old ? JSON.parse(String(old)) : { sent: 0, failed: 0 };
    if (error) {
      tally.failed += 1;
      tally.lastError = String(error).slice(0, 300);
      tally.lastErrorAt = Date.now();
    } else {
      tally.sent += 1;
      tally.lastSentAt = Date.now();
    }
    return JSON.stringify(tally);
  });
}

/** What `key` counted so far. */
function tallyOf(app, key) {
  const value = app.store().get(key);
  return value ? JSON.parse(String(value)) : { sent: 0, failed: 0 };
}

module.exports = { count, tallyOf };
