// A crowd around one idea, written straight into a stopped or running PocketBase's data.db (as the restore
// bench's large database is): `followers` members who follow it, `voters` members whose counted votes it
// holds, and `members` who have nothing to do with it yet (sign them in with PocketBase's impersonate route). 20,000 accounts through the API would spend minutes hashing passwords; these have none and cannot
// sign in. The idea's vote count is brought up to date, as a recount would.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { writeAllThenClose } from './fill-database.mjs';

const rowId = () => randomBytes(8).toString('hex').slice(0, 15);

/** Adds the crowd to `postId`; returns the new members' ids (followers, then voters, then members). `prefix`: their ids' first letter. */
export function addCrowd(dataDir, postId, { followers = 0, voters = 0, members = 0, prefix = 'c' }) {
  const db = new DatabaseSync(join(dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const now = new Date().toISOString().replace('T', ' ');
  const ids = Array.from({ length: followers + voters + members }, (_, n) =>
    `${prefix}${String(n).padStart(14, '0')}`.slice(0, 15),
  );
  const user = db.prepare(
    "INSERT INTO users (id, email, password, tokenKey, verified, name, role, created, updated) VALUES (?, ?, 'x', ?, 1, ?, 'member', ?, ?)",
  );
  const follow = db.prepare('INSERT INTO subscriptions (id, post, user, created, updated) VALUES (?, ?, ?, ?, ?)');
  const vote = db.prepare('INSERT INTO votes (id, post, user, counted, created, updated) VALUES (?, ?, ?, TRUE, ?, ?)');
  writeAllThenClose(db, () => {
    for (const [n, id] of ids.entries()) {
      user.run(id, `${id}@crowd.test`, `token-${id}`, `Crowd ${n}`, now, now);
      if (n >= followers + voters) continue;
      follow.run(rowId(), postId, id, now, now);
      if (n >= followers) vote.run(rowId(), postId, id, now, now);
    }
    db.prepare(
      'UPDATE posts SET vote_count = (SELECT COUNT(*) FROM votes WHERE post = ? AND counted = TRUE) WHERE id = ?',
    ).run(postId, postId);
  });
  return ids;
}
