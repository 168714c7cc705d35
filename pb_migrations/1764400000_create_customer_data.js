/// <reference path="../pb_data/types.d.ts" />
// The customer behind every vote (issue #24): companies, each member's company and attributes, saved
// segments and who is in them, and each idea's server-maintained worth (revenue of the distinct companies
// that want it, a breakdown by plan, weighted reach, the staff's impact/effort/confidence and the score).
// Access: staff only, everywhere. Nobody but staff ever reads a company, a revenue, an attribute or a
// segment membership; PocketBase also applies these list rules to every join a client filter or sort
// makes into them, so `posts?filter=...` cannot probe them either.
// - companies, segments: staff read; admins write.
// - member_profiles: staff read and write (a member's company and attributes); admins delete.
// - segment_members: staff read; only the server writes (pb_hooks/segments/segments.js).
// - post_insights: staff read; staff set impact, effort, confidence and eta; the numbers are server-owned.
// - scoring (one record): the score's formula and weights; staff read, admins update.
// - site.show_eta: whether an idea's ETA is public (the only new thing anyone may read).
// The access rules this migration applies, as a literal snapshot (a later change to pb_hooks/platform/access.js
// changes new migrations only, never what this one does on a fresh install).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  ACTIVE_STAFF: '(@request.auth.blocked = false && (@request.auth.role = "moderator" || @request.auth.role = "admin"))',
  unset: (...args) =>
    ({
      '[["user"]]': '(@request.body.user:isset = false)',
      '[["member_count"]]': '(@request.body.member_count:isset = false)',
      '[["post","revenue","company_count","plans","reach","score","alerted"]]':
        '(@request.body.post:isset = false && @request.body.revenue:isset = false && @request.body.company_count:isset = false && @request.body.plans:isset = false && @request.body.reach:isset = false && @request.body.score:isset = false && @request.body.alerted:isset = false)',
    })[JSON.stringify(args)],
};
const { ACTIVE_STAFF, ACTIVE_ADMIN, unset } = RULES;
// The score formulas as this migration first offered them (snapshot of src/contract/score.ts).
const FORMULAS = ['rice', 'value_effort', 'revenue_votes'];
const DEFAULT_FORMULA = 'rice';
const INSIGHT_NUMBERS = ['post', 'revenue', 'company_count', 'plans', 'reach', 'score', 'alerted'];
const dates = () => [
  { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
  { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
];

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    const posts = app.findCollectionByNameOrId('posts');

    const companies = new Collection({
      type: 'base',
      name: 'companies',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: ACTIVE_ADMIN,
      updateRule: ACTIVE_ADMIN,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        { name: 'external_id', type: 'text', required: true, max: 128, pattern: '^[^\\s]+$' },
        { name: 'name', type: 'text', required: true, max: 200 },
        { name: 'plan', type: 'text', max: 60 },
        { name: 'monthly_revenue', type: 'number', min: 0, max: 1e12 },
        { name: 'attributes', type: 'json', maxSize: 4096 },
        ...dates(),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_companies_external_id ON companies (external_id)',
        'CREATE INDEX idx_companies_revenue ON companies (monthly_revenue)',
      ],
    });
    app.save(companies);

    const profiles = new Collection({
      type: 'base',
      name: 'member_profiles',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: ACTIVE_STAFF,
      updateRule: `${ACTIVE_STAFF} && ${unset(['user'])}`,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        { name: 'company', type: 'relation', collectionId: companies.id, maxSelect: 1, cascadeDelete: false },
        { name: 'attributes', type: 'json', maxSize: 4096 },
        ...dates(),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_member_profiles_user ON member_profiles (user)',
        'CREATE INDEX idx_member_profiles_company ON member_profiles (company)',
      ],
    });
    app.save(profiles);

    const segments = new Collection({
      type: 'base',
      name: 'segments',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: `${ACTIVE_ADMIN} && ${unset(['member_count'])}`,
      updateRule: `${ACTIVE_ADMIN} && ${unset(['member_count'])}`,
      deleteRule: ACTIVE_ADMIN,
      fields: [
        { name: 'name', type: 'text', required: true, max: 80 },
        { name: 'description', type: 'text', max: 300 },
        { name: 'conditions', type: 'json', maxSize: 8192 },
        { name: 'member_count', type: 'number', onlyInt: true, min: 0 },
        ...dates(),
      ],
      indexes: ['CREATE UNIQUE INDEX idx_segments_name ON segments (name COLLATE NOCASE)'],
    });
    app.save(segments);

    const members = new Collection({
      type: 'base',
      name: 'segment_members',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        {
          name: 'segment',
          type: 'relation',
          required: true,
          collectionId: segments.id,
          maxSelect: 1,
          cascadeDelete: true,
        },
        { name: 'user', type: 'relation', required: true, collectionId: users.id, maxSelect: 1, cascadeDelete: true },
        ...dates(),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_segment_members_pair ON segment_members (segment, user)',
        'CREATE INDEX idx_segment_members_user ON segment_members (user)',
      ],
    });
    app.save(members);

    const insights = new Collection({
      type: 'base',
      name: 'post_insights',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: `${ACTIVE_STAFF} && ${unset(INSIGHT_NUMBERS)}`,
      deleteRule: null,
      fields: [
        { name: 'post', type: 'relation', required: true, collectionId: posts.id, maxSelect: 1, cascadeDelete: true },
        { name: 'board', type: 'relation', collectionId: app.findCollectionByNameOrId('boards').id, maxSelect: 1 },
        { name: 'revenue', type: 'number', min: 0 },
        { name: 'company_count', type: 'number', onlyInt: true, min: 0 },
        { name: 'plans', type: 'json', maxSize: 65536 },
        { name: 'reach', type: 'number', min: 0 },
        { name: 'impact', type: 'number', min: 0, max: 10 },
        { name: 'confidence', type: 'number', min: 0, max: 100 },
        { name: 'effort', type: 'number', min: 0, max: 1000 },
        { name: 'score', type: 'number' },
        { name: 'eta', type: 'text', max: 7, pattern: '^$|^\\d{4}-(0[1-9]|1[0-2]|Q[1-4])$' },
        { name: 'alerted', type: 'json', maxSize: 16384 },
        ...dates(),
      ],
      indexes: [
        'CREATE UNIQUE INDEX idx_post_insights_post ON post_insights (post)',
        'CREATE INDEX idx_post_insights_board_revenue ON post_insights (board, revenue)',
        'CREATE INDEX idx_post_insights_board_score ON post_insights (board, score)',
        'CREATE INDEX idx_post_insights_revenue ON post_insights (revenue)',
        'CREATE INDEX idx_post_insights_score ON post_insights (score)',
      ],
    });
    app.save(insights);

    const scoring = new Collection({
      type: 'base',
      name: 'scoring',
      listRule: ACTIVE_STAFF,
      viewRule: ACTIVE_STAFF,
      createRule: null,
      updateRule: ACTIVE_ADMIN,
      deleteRule: null,
      fields: [
        { name: 'formula', type: 'select', maxSelect: 1, values: FORMULAS },
        { name: 'weights', type: 'json', maxSize: 8192 },
        ...dates(),
      ],
    });
    app.save(scoring);
    const only = new Record(scoring);
    only.set('formula', DEFAULT_FORMULA);
    only.set('weights', { segments: {}, revenue: 0 });
    app.save(only);

    const site = app.findCollectionByNameOrId('site');
    site.fields.add(new BoolField({ name: 'show_eta' }));
    app.save(site);

    // Every existing idea gets its row (same id as the post, like post_live), worth computed by the hooks
    // the first time anything about it changes, and at once here for ideas that already have votes.
    app
      .db()
      .newQuery(
        'INSERT INTO post_insights (id, post, board, revenue, company_count, plans, reach, impact, confidence, effort, score, eta, alerted, created, updated) ' +
          "SELECT id, id, board, 0, 0, '{}', vote_count, 0, 0, 0, 0, '', '{}', created, updated FROM posts",
      )
      .execute();
  },
  (app) => {
    const site = app.findCollectionByNameOrId('site');
    site.fields.removeByName('show_eta');
    app.save(site);
    for (const name of ['scoring', 'post_insights', 'segment_members', 'segments', 'member_profiles', 'companies']) {
      app.delete(app.findCollectionByNameOrId(name));
    }
  },
);
