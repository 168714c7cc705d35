// Reads CSV exports into the neutral import model through a column mapping: Canny's post export,
// UserVoice's suggestion export (its documented `suggestion.*` / `user.*` field names) and a generic
// one. Any mapping can be overridden per column (`--map title=Subject`). A row that cannot become an
// idea is reported with its line number and skipped; it never stops the import.
import { parseCsv } from './csv.mjs';
import { emptyModel, isEmail, statusSlugOf } from './model.mjs';

// Chorus field → source column. `voters` and `images` hold several values separated by `;` or `,`.
export const FORMATS = {
  canny: {
    id: 'ID',
    title: 'Title',
    body: 'Details',
    status: 'Status',
    board: 'Board',
    tags: 'Tags',
    author_name: 'Author Name',
    author_email: 'Author Email',
    created: 'Created At',
  },
  uservoice: {
    id: 'suggestion.id',
    title: 'suggestion.title',
    body: 'suggestion.body',
    status: 'suggestion.status.name',
    board: 'suggestion.forum.name',
    tags: 'suggestion.labels.name',
    author_name: 'user.name',
    author_email: 'user.email_address',
    created: 'suggestion.created_timestamp',
    duplicate_of: 'suggestion.parent.id',
  },
  generic: {
    id: 'id',
    title: 'title',
    body: 'body',
    status: 'status',
    board: 'board',
    tags: 'tags',
    author_name: 'author_name',
    author_email: 'author_email',
    created: 'created',
    response: 'response',
    duplicate_of: 'duplicate_of',
    images: 'images',
    voters: 'voters',
  },
};

const listOf = (text) =>
  String(text ?? '')
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter(Boolean);
const slugOf = (name) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function userKey(model, name, email) {
  const address = String(email ?? '')
    .trim()
    .toLowerCase();
  if (!isEmail(address)) return null;
  if (!model.users.has(address))
    model.users.set(address, { key: address, name: name?.trim() || address.split('@')[0], email: address });
  return address;
}

function parseDate(text) {
  if (!text?.trim()) return null;
  const date = new Date(text.trim().replace(/^(\d{4}-\d\d-\d\d) (\d)/, '$1T$2'));
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** @returns {ReturnType<typeof emptyModel>} */
export function readCsv({ text, format, fileName, overrides = {} }) {
  const mapping = { ...FORMATS[format], ...overrides };
  if (!FORMATS[format]) throw new Error(`Unknown CSV format "${format}" (use canny, uservoice or generic).`);
  const model = emptyModel(`${format}-csv:${fileName}`);
  const { header, rows } = parseCsv(text);
  for (const column of ['title', 'author_email']) {
    if (!header.includes(mapping[column]))
      throw new Error(`The CSV has no "${mapping[column]}" column (${column}); map it with --map ${column}=<column>.`);
  }
  const cell = (row, field) => (mapping[field] ? String(row.values[mapping[field]] ?? '') : '');
  const seen = new Set();
  for (const row of rows) {
    const where = `line ${row.line}`;
    const key = cell(row, 'id').trim() || `line-${row.line}`;
    const title = cell(row, 'title').trim();
    const validAuthor = isEmail(cell(row, 'author_email'));
    const created = parseDate(cell(row, 'created'));
    const why = !title
      ? 'no title'
      : !validAuthor
        ? `no valid author email ("${cell(row, 'author_email')}")`
        : created === undefined
          ? `unreadable date "${cell(row, 'created')}"`
          : seen.has(key)
            ? `id ${key} appears twice`
            : null;
    if (why) {
      model.problems.push({ where, why });
      continue;
    }
    seen.add(key);
    const authorKey = userKey(model, cell(row, 'author_name'), cell(row, 'author_email'));
    const status = cell(row, 'status').trim();
    if (status && !statusSlugOf(status))
      model.problems.push({ where, why: `unknown status "${status}", imported as Open` });
    const tagKeys = listOf(cell(row, 'tags')).map((name) => {
      const tagKey = slugOf(name);
      if (!model.tags.has(tagKey)) model.tags.set(tagKey, { key: tagKey, name, color: '#6b7280', staffOnly: false });
      return tagKey;
    });
    model.posts.push({
      key,
      title,
      body: cell(row, 'body').replace(/\r\n/g, '\n').trim(),
      status: statusSlugOf(status) ?? 'open',
      tagKeys,
      authorKey,
      created,
      approved: true,
      response: cell(row, 'response').trim(),
      duplicateOfKey: cell(row, 'duplicate_of').trim() || null,
      images: listOf(cell(row, 'images')).map((url) => ({ url, name: url.split('/').pop()?.split('?')[0] || 'image' })),
      comments: [],
      voterKeys: listOf(cell(row, 'voters'))
        .map((email) => userKey(model, '', email))
        .filter(Boolean),
      board: cell(row, 'board').trim(),
    });
  }
  return model;
}
