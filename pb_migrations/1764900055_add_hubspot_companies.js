/// <reference path="../pb_data/types.d.ts" />
// Companies from HubSpot (issue 58): a company's domain, its HubSpot record, owner and lifecycle stage with the time
// HubSpot last wrote them, and one record with HubSpot's settings.
// - companies.domain: the company's web domain (lowercase, no scheme, no www.), set by staff or from HubSpot; a
//   HubSpot company without a known id is matched to a Chorus company by it.
// - companies.hubspot_company (HubSpot's company id), owner_name, lifecycle_stage and hubspot_at (when HubSpot last
//   wrote them): server-owned, refused in a create or update by the rules below, as the revenue source fields are.
// - hubspot_settings (one record): the private app's access token and the app's client secret (which signs the
//   webhooks) are hidden fields: only PocketBase reads them; admins set them through POST
//   /api/chorus/hubspot/settings and see only that they are set. last_event_*: what the integrations page shows;
//   sync_*: a full sync an admin asked for (POST /api/chorus/hubspot/sync), when it last finished and how.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  COMPANY_WRITE_BEFORE:
    '(@request.auth.blocked = false && @request.auth.role = "admin") && (@request.body.revenue_source:isset = false && @request.body.revenue_at:isset = false && @request.body.revenue_currency:isset = false && @request.body.pending_revenue:isset = false && @request.body.pending_source:isset = false && @request.body.pending_at:isset = false && @request.body.pending_currency:isset = false && @request.body.stripe_customer:isset = false)',
  COMPANY_WRITE:
    '(@request.auth.blocked = false && @request.auth.role = "admin") && (@request.body.revenue_source:isset = false && @request.body.revenue_at:isset = false && @request.body.revenue_currency:isset = false && @request.body.pending_revenue:isset = false && @request.body.pending_source:isset = false && @request.body.pending_at:isset = false && @request.body.pending_currency:isset = false && @request.body.stripe_customer:isset = false && @request.body.hubspot_company:isset = false && @request.body.owner_name:isset = false && @request.body.lifecycle_stage:isset = false && @request.body.hubspot_at:isset = false)',
};
const DOMAIN = '^$|^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$';
const FIELDS = ['domain', 'hubspot_company', 'owner_name', 'lifecycle_stage', 'hubspot_at'];

migrate(
  (app) => {
    const companies = app.findCollectionByNameOrId('companies');
    companies.fields.add(new TextField({ name: 'domain', max: 253, pattern: DOMAIN }));
    companies.fields.add(new TextField({ name: 'hubspot_company', max: 20, pattern: '^$|^[0-9]{1,20}$' }));
    companies.fields.add(new TextField({ name: 'owner_name', max: 200 }));
    companies.fields.add(new TextField({ name: 'lifecycle_stage', max: 60 }));
    companies.fields.add(new DateField({ name: 'hubspot_at' }));
    companies.createRule = RULES.COMPANY_WRITE;
    companies.updateRule = RULES.COMPANY_WRITE;
    companies.addIndex('idx_companies_domain', false, 'domain', '');
    companies.addIndex('idx_companies_hubspot_company', false, 'hubspot_company', '');
    app.save(companies);

    const settings = new Collection({
      type: 'base',
      name: 'hubspot_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'active', type: 'bool' },
        { name: 'access_token', type: 'text', max: 300, hidden: true },
        { name: 'client_secret', type: 'text', max: 300, hidden: true },
        { name: 'last_event_at', type: 'date' },
        { name: 'last_event_type', type: 'text', max: 100 },
        { name: 'last_outcome', type: 'text', max: 60 },
        { name: 'sync_requested_at', type: 'date' },
        { name: 'sync_at', type: 'date' },
        { name: 'sync_outcome', type: 'text', max: 60 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);
    app.save(new Record(settings));
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('hubspot_settings'));
    const companies = app.findCollectionByNameOrId('companies');
    companies.removeIndex('idx_companies_domain');
    companies.removeIndex('idx_companies_hubspot_company');
    for (const name of FIELDS) companies.fields.removeByName(name);
    companies.createRule = RULES.COMPANY_WRITE_BEFORE;
    companies.updateRule = RULES.COMPANY_WRITE_BEFORE;
    app.save(companies);
  },
);
