// A large Chorus database for the restore bench: ideas with a few comments each, written straight into
// data.db with SQLite (the search index's triggers fire as for any insert) until the file reaches a size.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

const WORDS =
  'export dark mode calendar sync offline search tags mobile widget slack email api import roadmap team'.split(' ');
const IDEAS_PER_TRANSACTION = 2000;
const COMMENTS_PER_IDEA = 3;

const id = () => randomBytes(8).toString('hex').slice(0, 15);
const sentence = (n, words) =>
  Array.from({ length: words }, (_, i) => WORDS[(n * 7 + i * 13) % WORDS.length]).join(' ');

/** Adds ideas and comments by `authorId` on `boardId` until data.db holds `bytes`; returns how many ideas. */
export function growDatabase(dbPath, bytes, { boardId, authorId }) {
  const db = new DatabaseSync(dbPath);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF');
  const addIdea = db.prepare(
    'INSERT INTO posts (id, board, author, title, body, approved, created, updated) VALUES (?, ?, ?, ?, ?, TRUE, ?, ?)',
  );
  const addComment = db.prepare(
    'INSERT INTO comments (id, post, author, body, created, updated) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const size = () => Number(db.prepare('PRAGMA page_count').get().page_count) * 4096;
  let ideas = 0;
  try {
    while (size() < bytes) {
      db.exec('BEGIN');
      for (let i = 0; i < IDEAS_PER_TRANSACTION; i++, ideas++) {
        const when = new Date(Date.UTC(2025, 0, 1) + ideas * 60_000).toISOString().replace('T', ' ');
        const ideaId = id();
        const body = `${sentence(ideas, 12)}.\n\n${sentence(ideas + 1, 180)}.\n\n- ${sentence(ideas + 2, 8)}`;
        addIdea.run(ideaId, boardId, authorId, `Idea ${ideas}: ${sentence(ideas, 5)}`, body, when, when);
        for (let c = 0; c < COMMENTS_PER_IDEA; c++) {
          addComment.run(id(), ideaId, authorId, `${sentence(ideas + c, 40)}.`, when, when);
        }
      }
      db.exec('COMMIT');
    }
    db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { ideas, bytes: statSync(dbPath).size };
}
