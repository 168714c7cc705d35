// One home for a bench's rows written straight into a PocketBase database (node:sqlite): all in one transaction,
// rolled back when any fails, and the database closed either way.

/** Runs `write()` in one transaction on `db` and closes it; answers what `write` answered. */
export function writeAllThenClose(db, write) {
  db.exec('BEGIN');
  try {
    const written = write();
    db.exec('COMMIT');
    return written;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
}
