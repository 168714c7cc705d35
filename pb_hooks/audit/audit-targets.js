// What the audit log records of each collection staff write through the API (pb_hooks/audit/audit.pb.js): the
// action names, the fields each action shows before and after, whose record it is (a member editing their
// own idea is no staff action) and which values are secrets, shown only as "[redacted]".
const REDACTED = '[redacted]';

/** Fields never stored in an entry, only said to have changed. */
const SECRET_FIELDS = ['secret', 'password', 'tokenKey', 'email', 'turnstile_secret'];

/** Relation fields shown by name, so an entry reads "Open → Planned" even after the status is renamed. */
const SHOWN_AS = {
  status: ['statuses', 'name'],
  board: ['boards', 'name'],
  tags: ['tags', 'name'],
  merged_into: ['posts', 'title'],
  segment: ['segments', 'name'],
  company: ['companies', 'name'],
  recipients: ['users', 'name'],
};

const titleOf = (app, id) => {
  try {
    return app.findRecordById('posts', id).getString('title');
  } catch {
    return '';
  }
};
const nameOf = (app, id) => {
  try {
    return app.findRecordById('users', id).getString('name');
  } catch {
    return '';
  }
};

/** The site's settings recorded as 'settings.update' (the passkey policy is an action of its own). */
const SITE_SETTINGS = [
  'name',
  'tagline',
  'logo',
  'accent_color',
  'welcome',
  'require_approval',
  'allow_signups',
  'allow_unverified_posting',
  'author_votes',
  'default_locale',
  'browser_locale',
  'show_eta',
  'audit_retention_days',
  'turnstile_site_key',
];

// Each collection: `noun` names its create/update/delete actions ('board.create'…); `fields` are shown for
// those; `families` split an update into actions of their own (a flag's on/off action, or `action` with
// `fields`); `staffOnly` families are staff actions even on one's own record; `owner` is the field naming
// whose record it is; `target` points the entry at another record (a sub-record of an idea or a member).
const TARGETS = {
  posts: {
    owner: 'author',
    label: (_app, r) => r.getString('title'),
    create: false,
    families: [
      { action: 'post.status', fields: ['status', 'response'], staffOnly: true },
      { flag: 'pinned', on: 'post.pin', off: 'post.unpin' },
      { flag: 'locked', on: 'post.lock', off: 'post.unlock' },
      { flag: 'approved', on: 'post.approve', off: 'post.hide' },
      { action: 'post.tags', fields: ['tags'], staffOnly: true },
      { action: 'post.merge', fields: ['merged_into'], staffOnly: true },
      { action: 'post.edit', fields: ['title', 'body', 'board', 'images', 'fields', 'lang'] },
    ],
    noun: 'post',
    fields: ['title', 'board', 'status', 'author_name'],
  },
  comments: {
    owner: 'author',
    label: (app, r) => `${titleOf(app, r.getString('post'))}: ${r.getString('body').slice(0, 80)}`,
    create: false,
    families: [
      { flag: 'hidden', on: 'comment.hide', off: 'comment.unhide' },
      { action: 'comment.edit', fields: ['body', 'images', 'internal'] },
    ],
    noun: 'comment',
    fields: ['post', 'body', 'author_name', 'internal', 'hidden'],
  },
  post_staff_tags: {
    target: (r) => ['posts', r.getString('post')],
    label: (app, r) => titleOf(app, r.getString('post')),
    families: [{ action: 'post.staff_tags', fields: ['tags'], staffOnly: true }],
    actions: { create: 'post.staff_tags', delete: 'post.staff_tags' },
    fields: ['tags'],
  },
  post_insights: {
    target: (r) => ['posts', r.id],
    label: (app, r) => titleOf(app, r.id),
    create: false,
    delete: false,
    families: [
      { action: 'post.priority', fields: ['impact', 'confidence', 'effort'], staffOnly: true },
      { action: 'post.eta', fields: ['eta'], staffOnly: true },
      { action: 'post.staff_fields', fields: ['fields'], staffOnly: true },
    ],
  },
  users: {
    owner: 'id',
    label: (_app, r) => r.getString('name'),
    families: [
      { action: 'member.role', fields: ['role'], staffOnly: true },
      { flag: 'blocked', on: 'member.block', off: 'member.unblock' },
      {
        action: 'member.update',
        fields: ['name', 'avatar', 'email', 'password', 'verified', 'external_id', 'locale'],
      },
    ],
    noun: 'member',
    fields: ['name', 'role', 'blocked', 'verified'],
  },
  member_profiles: {
    target: (r) => ['users', r.getString('user')],
    label: (app, r) => nameOf(app, r.getString('user')),
    families: [{ action: 'member.profile', fields: ['company', 'attributes'], staffOnly: true }],
    actions: { create: 'member.profile', delete: 'member.profile' },
    fields: ['company', 'attributes'],
  },
  boards: { noun: 'board', fields: ['name', 'slug', 'description', 'visibility', 'position', 'archived', 'segment'] },
  statuses: { noun: 'status', fields: ['name', 'slug', 'color', 'position', 'on_roadmap', 'closed', 'is_default'] },
  tags: { noun: 'tag', fields: ['name', 'color', 'staff_only'] },
  site: {
    noun: 'settings',
    label: (_app, r) => r.getString('name'),
    fields: SITE_SETTINGS,
    // The passkey policy is a family of its own: it decides who can sign in.
    families: [
      {
        action: 'settings.update',
        fields: SITE_SETTINGS,
        staffOnly: true,
      },
      { action: 'settings.staff_passkey_required', fields: ['staff_passkey_required'], staffOnly: true },
    ],
  },
  widget_settings: {
    noun: 'widget',
    label: (_app, r) => r.getString('product_name'),
    fields: ['allowed_origins', 'sso_enabled', 'product_name', 'login_url'],
  },
  sso_secrets: { noun: 'sso_secret', label: () => 'SSO', fields: ['secret'] },
  webhooks: { noun: 'webhook', fields: ['name', 'url', 'kind', 'events', 'paused', 'include_customer_data', 'secret'] },
  changelog_entries: {
    noun: 'release',
    label: (_app, r) => r.getString('title'),
    fields: ['title', 'slug', 'body', 'cover', 'labels', 'state', 'posts', 'mark_done'],
  },
  companies: { noun: 'company', fields: ['external_id', 'name', 'plan', 'monthly_revenue', 'attributes'] },
  segments: { noun: 'segment', fields: ['name', 'description', 'conditions'] },
  custom_fields: {
    noun: 'custom_field',
    label: (_app, r) => r.getString('label') || r.getString('key'),
    fields: ['board', 'key', 'label', 'type', 'options', 'public', 'required', 'position', 'max_length'],
  },
  scoring: { noun: 'scoring', label: () => 'Scoring', fields: ['formula', 'weights'] },
  alert_rules: { noun: 'alert_rule', fields: ['name', 'metric', 'threshold', 'board', 'segment', 'recipients'] },
  // Spam (issue 38): the admins' lists and Turnstile secret; a moderator closing a member's report.
  spam_guard: {
    noun: 'spam_settings',
    label: () => 'Spam',
    fields: ['blocked_words', 'blocked_domains', 'turnstile_secret'],
  },
  reports: {
    noun: 'report',
    label: (app, r) => titleOf(app, r.getString('post')),
    fields: ['outcome'],
    // Sending a report is no staff action, even from staff; closing one is.
    create: false,
    delete: false,
  },
};

/** A value as an entry shows it: secrets redacted, relations by name (ids whose record is gone stay ids). */
function shown(app, field, value) {
  if (SECRET_FIELDS.includes(field)) return REDACTED;
  const relation = SHOWN_AS[field];
  if (!relation || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return value;
  const ids = Array.isArray(value) ? value : [value];
  const byId = {};
  try {
    for (const record of app.findRecordsByIds(relation[0], ids)) byId[record.id] = record.getString(relation[1]);
  } catch {
    // a relation's collection that is gone: ids stay
  }
  const names = ids.map((id) => byId[id] || id);
  return Array.isArray(value) ? names : names[0];
}

function shownAll(app, values) {
  if (!values) return values;
  const out = {};
  for (const field in values) out[field] = shown(app, field, values[field]);
  return out;
}

module.exports = { TARGETS, REDACTED, shownAll };
