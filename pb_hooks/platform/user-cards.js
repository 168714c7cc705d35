// A person as the site's lists show them (voters, mention suggestions): id, name and avatar, shaped as a users
// record so the site's file URLs work; read by SQL into `cardRows()` and answered by `asCards`.

/** What a query selects of users `u` for a card. */
const CARD_COLUMNS = 'u.id AS id, u.name AS name, u.avatar AS avatar, u.avatar_url AS avatar_url';

/** Rows for a query that selects CARD_COLUMNS. */
const cardRows = () => arrayOf(new DynamicModel({ id: '', name: '', avatar: '', avatar_url: '' }));

/** The rows as user cards. */
function asCards(app, rows) {
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

module.exports = { CARD_COLUMNS, cardRows, asCards };
