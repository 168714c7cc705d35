// Moves one custom field's stored values between an idea's public side (posts.fields) and its staff-only
// side (post_insights.fields), or removes them, for every idea of a board that has one. Only the ideas
// holding a value are read (found with SQLite's JSON functions, the path bound, never spliced).
const { objectOf } = require(`${__hooks}/custom-fields/custom-fields.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

function idsHolding(app, table, board, key) {
  const join = table === 'posts' ? 'posts t' : 'post_insights t JOIN posts p ON p.id = t.id';
  const boardOf = table === 'posts' ? 't.board' : 'p.board';
  const rows = rowsOf(
    app,
    `SELECT t.id AS id FROM ${join} WHERE ${boardOf} = {:board} AND json_valid(t.fields) AND json_type(t.fields, {:path}) IS NOT NULL`,
    { id: '' },
    { board, path: `$."${key}"` },
  );
  return rows.map((row) => row.id);
}

function insightsOf(app, postId) {
  try {
    return app.findRecordById('post_insights', postId);
  } catch {
    return null; // recomputeInsights makes it with the idea; an idea without one has no staff values
  }
}

/** `direction`: 'toStaff', 'toPublic' or 'remove'. */
function moveFieldValues(app, board, key, direction) {
  const from = direction === 'toPublic' ? 'post_insights' : 'posts';
  const tables = direction === 'remove' ? ['posts', 'post_insights'] : [from];
  for (const table of tables) {
    for (const id of idsHolding(app, table, board, key)) {
      const source = app.findRecordById(table, id);
      const values = objectOf(source.get('fields')) || {};
      const value = values[key];
      delete values[key];
      source.set('fields', values);
      app.save(source);
      if (direction === 'remove') continue;
      const target = direction === 'toStaff' ? insightsOf(app, id) : app.findRecordById('posts', id);
      if (!target) continue;
      const moved = objectOf(target.get('fields')) || {};
      moved[key] = value;
      target.set('fields', moved);
      app.save(target);
    }
  }
}

module.exports = { moveFieldValues };
