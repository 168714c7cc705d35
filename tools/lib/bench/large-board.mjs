// A large board, skewed like real ones, written straight into data.db (issue 35): `ideas` ideas in ten
// languages across the given boards, `votes` votes of which a few ideas hold most (the idea ranked r holds a
// share proportional to 1/r), `comments` comments skewed the same way, and as many members as the most voted
// idea needs. Every row the hooks would keep beside an idea is written too (its live copy, its worth, its
// counts and trending score), so reads see what production sees; the search index's triggers fire as for any
// insert. One transaction per 5,000 ideas: a million votes take about a minute on two cores.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Titles in the ten languages the site ships, one theme per row. */
const TITLES = {
  en: ['Dark mode for the dashboard', 'Export reports to CSV', 'Calendar sync with Google', 'Offline mode on mobile'],
  de: [
    'Dunkelmodus für das Dashboard',
    'Berichte als CSV exportieren',
    'Kalender mit Google abgleichen',
    'Offline-Modus',
  ],
  fr: [
    'Mode sombre pour le tableau de bord',
    'Exporter les rapports en CSV',
    'Synchroniser le calendrier',
    'Mode hors ligne',
  ],
  es: ['Modo oscuro para el panel', 'Exportar informes a CSV', 'Sincronizar el calendario', 'Modo sin conexión'],
  it: [
    'Modalità scura per la dashboard',
    'Esportare i report in CSV',
    'Sincronizzare il calendario',
    'Modalità offline',
  ],
  'pt-BR': ['Modo escuro no painel', 'Exportar relatórios em CSV', 'Sincronizar o calendário', 'Modo offline'],
  ja: [
    'ダッシュボードのダークモード',
    'レポートをCSVで書き出す',
    'Googleカレンダーとの同期',
    'モバイルのオフラインモード',
  ],
  'zh-CN': ['仪表板的深色模式', '将报告导出为CSV', '与谷歌日历同步', '移动端离线模式'],
  ar: ['الوضع الداكن للوحة التحكم', 'تصدير التقارير بصيغة CSV', 'مزامنة التقويم', 'وضع عدم الاتصال'],
  he: ['מצב כהה ללוח הבקרה', 'ייצוא דוחות ל-CSV', 'סנכרון לוח השנה', 'מצב לא מקוון'],
};
const LANGUAGES = Object.keys(TITLES);
const EPOCH = 1763800000; // ideas/counters.js
const DECAY_SECONDS = 2 * 24 * 3600;
const IDEAS_PER_TRANSACTION = 5000;

const rowId = () => randomBytes(8).toString('hex').slice(0, 15);
const sequentialId = (prefix, n) => `${prefix}${String(n).padStart(15 - prefix.length, '0')}`;
const stamp = (ms) => new Date(ms).toISOString().replace('T', ' ');

/** How many of `total` the item ranked `rank` (0-based) of `count` holds: proportional to 1/(rank+1). */
function skewed(total, count) {
  let harmonic = 0;
  for (let r = 1; r <= count; r++) harmonic += 1 / r;
  const shares = Array.from({ length: count }, (_, r) => Math.floor(total / ((r + 1) * harmonic)));
  let rest = total - shares.reduce((sum, n) => sum + n, 0);
  for (let r = 0; rest > 0; r = (r + 1) % count, rest--) shares[r] += 1;
  return shares;
}

/**
 * Seeds the board. `boards`: board ids to spread ideas over; `statuses`: status ids; `prefix`: a letter for the
 * new rows' ids. Returns { members, ideas, votes, comments, topIdea } (topIdea: the most voted idea's id).
 */
export function seedLargeBoard(dataDir, { ideas, votes, comments, boards, statuses, prefix = 'l' }) {
  const voteShares = skewed(votes, ideas);
  const commentShares = skewed(comments, ideas);
  const members = Math.max(voteShares[0] ?? 0, Math.ceil(ideas / 2), 100);
  const db = new DatabaseSync(join(dataDir, 'data.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const start = Date.now() - ideas * 60_000;
  const now = stamp(Date.now());
  const insert = {
    user: db.prepare(
      "INSERT INTO users (id, email, password, tokenKey, verified, name, role, locale, created, updated) VALUES (?, ?, 'x', ?, 1, ?, 'member', ?, ?, ?)",
    ),
    post: db.prepare(
      'INSERT INTO posts (id, board, author, title, body, status, vote_count, comment_count, trending_score, approved, lang, author_name, created, updated) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?)',
    ),
    live: db.prepare(
      'INSERT INTO post_live (id, board, title, status, vote_count, comment_count, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    insights: db.prepare(
      'INSERT INTO post_insights (id, post, board, plans, reach, score, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    vote: db.prepare('INSERT INTO votes (id, post, user, counted, created, updated) VALUES (?, ?, ?, TRUE, ?, ?)'),
    follow: db.prepare('INSERT OR IGNORE INTO subscriptions (id, post, user, created, updated) VALUES (?, ?, ?, ?, ?)'),
    comment: db.prepare(
      'INSERT INTO comments (id, post, author, body, author_name, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
  };
  const memberId = (n) => sequentialId(`${prefix}m`, n % members);
  let topIdea = '';
  try {
    db.exec('BEGIN');
    for (let n = 0; n < members; n++) {
      const language = LANGUAGES[n % LANGUAGES.length];
      insert.user.run(
        memberId(n),
        `${memberId(n)}@large.test`,
        `token-${memberId(n)}`,
        `Member ${n}`,
        language,
        now,
        now,
      );
    }
    db.exec('COMMIT');
    for (let first = 0; first < ideas; first += IDEAS_PER_TRANSACTION) {
      db.exec('BEGIN');
      for (let i = first; i < Math.min(ideas, first + IDEAS_PER_TRANSACTION); i++) {
        // Ideas are created oldest first; their rank (share of votes) is shuffled against age by a stride.
        const rank = (i * 7919) % ideas;
        const id = sequentialId(`${prefix}p`, i);
        if (rank === 0) topIdea = id;
        const language = LANGUAGES[i % LANGUAGES.length];
        const themes = TITLES[language];
        const title = `${themes[i % themes.length]} #${i}`;
        const board = boards[i % boards.length];
        const status = statuses[i % statuses.length];
        const created = start + i * 60_000;
        const when = stamp(created);
        const voteCount = voteShares[rank];
        const commentCount = commentShares[rank];
        const points = Math.max(1, voteCount + commentCount / 2);
        const trending = Math.round((Math.log10(points) + (created / 1000 - EPOCH) / DECAY_SECONDS) * 1e6) / 1e6;
        const author = memberId(i * 31);
        insert.post.run(
          id,
          board,
          author,
          title,
          `${title}. ${themes.join(' · ')}`,
          status,
          voteCount,
          commentCount,
          trending,
          language,
          `Member ${(i * 31) % members}`,
          when,
          when,
        );
        insert.live.run(id, board, title, status, voteCount, commentCount, when, when);
        const plans = JSON.stringify({ '': { votes: voteCount, revenue: 0, companies: 0 } });
        insert.insights.run(id, id, board, plans, voteCount, voteCount, when, when);
        insert.follow.run(rowId(), id, author, when, when);
        for (let v = 0; v < voteCount; v++) {
          const voter = memberId(i * 13 + v);
          insert.vote.run(rowId(), id, voter, when, when);
          insert.follow.run(rowId(), id, voter, when, when);
        }
        for (let c = 0; c < commentCount; c++) {
          const commenter = (i * 17 + c) % members;
          insert.comment.run(
            rowId(),
            id,
            memberId(commenter),
            `${themes[(i + c) % themes.length]} (${c})`,
            `Member ${commenter}`,
            when,
            when,
          );
        }
      }
      db.exec('COMMIT');
    }
    db.exec('PRAGMA optimize');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  } finally {
    db.close();
  }
  return { members, ideas, votes, comments, topIdea };
}
