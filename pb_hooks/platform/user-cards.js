// A person as the site's lists show them (voters, mention suggestions): id, name and avatar, shaped as a users
// record so the site's file URLs work; read by an SQL query that selects CARD_COLUMNS (`cardsBySql`).
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

/** What a query selects of users `u` for a card. */
const CARD_COLUMNS = 'u.id AS id, u.name AS name, u.avatar AS avatar, u.avatar_url AS avatar_url';

/** The user cards `sql` (a query that selects CARD_COLUMNS, with `params` bound) finds, in its order. */
function cardsBySql(app, sql, params) {
  const rows = rowsOf(app, sql, { id: '', name: '', avatar: '', avatar_url: '' }, params);
  const users = app.findCachedCollectionByNameOrId('users');
  return rows.map((row) => ({
    id: row.id,
    collectionId: users.id,
    collectionName: users.name,
    name: row.name,
    avatar: row.avatar,
    avatar_url: row.avatar_url,
  }));
}

module.exports = { CARD_COLUMNS, cardsBySql };
