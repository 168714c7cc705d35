/// <reference path="../../pb_data/types.d.ts" />
// GET /api/chorus/export/posts.csv — admins (and superusers) download every idea as CSV, newest first:
// id, title, board, status, vote_count, comment_count, author, created, url (a path on the site), what it
// is worth (revenue, companies, score, eta: post_insights), then one `field.<key>` column per custom field
// key of any board, staff-only values included (admins only).
// Cells that a spreadsheet would run as a formula are prefixed with a quote.
routerAdd(
  'GET',
  '/api/chorus/export/posts.csv',
  (e) => {
    const { requireAdmin } = require(`${__hooks}/platform/staff.js`);
    requireAdmin(e);
    const rows = require(`${__hooks}/platform/sql-rows.js`).rowsOf(
      e.app,
      'SELECT p.id AS id, p.title AS title, b.name AS board, COALESCE(s.name, "") AS status, ' +
        'p.vote_count AS votes, p.comment_count AS comments, COALESCE(u.name, "") AS author, p.created AS created, ' +
        'COALESCE(CAST(p.fields AS TEXT), "") AS fields, COALESCE(CAST(i.fields AS TEXT), "") AS staff_fields, ' +
        'COALESCE(i.revenue, 0) AS revenue, COALESCE(i.company_count, 0) AS companies, COALESCE(i.score, 0) AS score, ' +
        'COALESCE(i.eta, "") AS eta ' +
        'FROM posts p JOIN boards b ON b.id = p.board LEFT JOIN statuses s ON s.id = p.status ' +
        'LEFT JOIN post_insights i ON i.id = p.id ' +
        'LEFT JOIN users u ON u.id = p.author ORDER BY p.created DESC, p.id',
      {
        id: '',
        title: '',
        board: '',
        status: '',
        votes: 0,
        comments: 0,
        author: '',
        created: '',
        fields: '',
        staff_fields: '',
        revenue: 0,
        companies: 0,
        score: 0,
        eta: '',
      },
    );
    const cell = (value) => {
      let text = String(value ?? '');
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const { objectOf } = require(`${__hooks}/custom-fields/custom-fields.js`);
    const keys = [];
    for (const field of e.app.findRecordsByFilter('custom_fields', '', 'key', 0, 0)) {
      if (keys.indexOf(field.getString('key')) === -1) keys.push(field.getString('key'));
    }
    const shown = (value) => (Array.isArray(value) ? value.join('; ') : (value ?? ''));
    const header = [
      'id,title,board,status,vote_count,comment_count,author,created,url,revenue,companies,score,eta',
      ...keys.map((k) => `field.${k}`),
    ];
    const lines = rows.map((r) => {
      const values = { ...(objectOf(r.fields) || {}), ...(objectOf(r.staff_fields) || {}) };
      const worth = [r.revenue, r.companies, r.score, r.eta];
      return [r.id, r.title, r.board, r.status, r.votes, r.comments, r.author, r.created, `/p/${r.id}`, ...worth]
        .concat(keys.map((key) => shown(values[key])))
        .map(cell)
        .join(',');
    });
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    recordAudit(e.app, e, { action: 'export.posts', label: 'posts.csv', after: { rows: rows.length } });
    const csv = `${[header.join(','), ...lines].join('\r\n')}\r\n`;
    return require(`${__hooks}/platform/private-answers.js`).privateCsv(e, 'posts.csv', csv);
  },
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
