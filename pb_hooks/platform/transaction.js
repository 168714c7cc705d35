// Runs the rest of a record hook chain (the write itself) and `after` in one transaction, so that
// derived data (counters, subscriptions) commits or rolls back together with the write.
// Inside a batch or cascade the outer transaction is reused.
module.exports.withinTransaction = (e, after) => {
  e.app.runInTransaction((txApp) => {
    const outer = e.app;
    e.app = txApp;
    try {
      e.next();
      after(txApp);
    } finally {
      e.app = outer;
    }
  });
};
