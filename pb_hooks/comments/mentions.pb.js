/// <reference path="../../pb_data/types.d.ts" />
// Mentions in comments (pb_hooks/notifications/mentions.js): at most 10 people per comment; whoever a new or edited
// comment newly mentions is notified in its transaction, when they may see the idea (staff only for an
// internal comment). A mention of anyone else changes nothing in the answer: it notifies no one, silently.
// GET /api/chorus/posts/{id}/mentionable?q=&internal=1 — up to 8 people the signed-in caller may mention there:
// { items: [{ id, collectionId, collectionName, name, avatar, avatar_url }] } (never an email, never an API key's service
// member), counted per member; not for
// blocked members (they cannot comment).
onRecordCreateRequest((e) => require(`${__hooks}/notifications/mentions.js`).checkMentionsRequest(e), 'comments');
onRecordUpdateRequest((e) => require(`${__hooks}/notifications/mentions.js`).checkMentionsRequest(e), 'comments');

onRecordCreate((e) => {
  if (e.record.get(require(`${__hooks}/platform/contract/hand-offs.js`).IMPORT_MARK) || e.record.getString('held_for'))
    return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) => require(`${__hooks}/notifications/mentions.js`).notifyMentions(txApp, e.record));
}, 'comments');

onRecordUpdate((e) => {
  const original = e.record.original();
  const changed =
    e.record.getString('body') !== original.getString('body') ||
    e.record.getBool('internal') !== original.getBool('internal');
  if (!changed) return e.next();
  const { withinTransaction } = require(`${__hooks}/platform/transaction.js`);
  withinTransaction(e, (txApp) =>
    require(`${__hooks}/notifications/mentions.js`).notifyMentions(txApp, e.record, original),
  );
}, 'comments');

routerAdd(
  'GET',
  '/api/chorus/posts/{id}/mentionable',
  (e) => {
    const { refusalText } = require(`${__hooks}/platform/refusals.js`);
    const { memberOf, postVisibleSql, activeStaffSql } = require(`${__hooks}/platform/access.js`);
    const caller = memberOf(e);
    if (!caller) throw new UnauthorizedError(refusalText('signInFirst'));
    if (caller.getBool('blocked')) throw new ForbiddenError(refusalText('accountBlocked'));
    require(`${__hooks}/platform/limits.js`).spend('mentionable', caller.id);
    const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
    const query = e.request.url.query();
    const q = String(query.get('q') || '')
      .trim()
      .slice(0, 50);
    const staffOnly = query.get('internal') === '1';
    const STAFF = activeStaffSql('u');
    // People as the site's lists show them (server/cmd/pocketbase/user_cards.go).
    const items = $userCards.bySql(
      `SELECT ${$userCards.columns} FROM users u ` +
        'JOIN posts p ON p.id = {:post} JOIN boards b ON b.id = p.board ' +
        "WHERE u.id != {:caller} AND u.blocked = FALSE AND u.name != '' AND u.api_key = '' " +
        "AND u.name LIKE {:pattern} ESCAPE '\\' " +
        `AND ${postVisibleSql({ post: 'p', board: 'b', person: 'u.id', staff: STAFF })} ` +
        `${staffOnly ? `AND ${STAFF} ` : ''}` +
        // Who took part in the idea first, then by name.
        'ORDER BY (p.author = u.id OR EXISTS (SELECT 1 FROM comments c WHERE c.post = p.id AND c.author = u.id)) DESC, ' +
        'u.name COLLATE NOCASE, u.id LIMIT 8',
      { post: post.id, caller: caller.id, pattern: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
    );
    return e.json(200, { items });
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
