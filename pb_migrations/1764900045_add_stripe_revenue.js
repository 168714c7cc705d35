/// <reference path="../pb_data/types.d.ts" />
// Revenue from Stripe (issue 58): where each company's monthly revenue came from and when, Stripe's value held for
// staff when it would replace one they gave, and one record with Stripe's settings.
// - companies.revenue_source ('' unknown, 'manual', 'csv', 'sso', 'stripe') and revenue_at: written by the server
//   whenever monthly_revenue changes (pb_hooks/customers/revenue.js); revenue_currency: the currency Stripe bills in.
// - companies.pending_revenue / pending_source / pending_at / pending_currency: a value a source offered instead of
//   one staff gave, until an admin accepts or dismisses it; stripe_customer: the Stripe customer (cus_…) last read.
//   All server-owned: a create or update that sets any of them is refused by the rules below.
// - stripe_settings (one record): the secret key (a restricted key, read-only) and the webhook signing secret are
//   hidden fields: only PocketBase reads them; admins set them through POST /api/chorus/stripe/settings and see
//   only that they are set (pb_hooks/customers/stripe/stripe.pb.js). last_event_*: what the integrations page shows.
// The access rules this migration applies, as a literal snapshot (see tests/unit/migrations-are-snapshots.test.ts).
const RULES = {
  ACTIVE_ADMIN: '(@request.auth.blocked = false && @request.auth.role = "admin")',
  COMPANY_WRITE:
    '(@request.auth.blocked = false && @request.auth.role = "admin") && (@request.body.revenue_source:isset = false && @request.body.revenue_at:isset = false && @request.body.revenue_currency:isset = false && @request.body.pending_revenue:isset = false && @request.body.pending_source:isset = false && @request.body.pending_at:isset = false && @request.body.pending_currency:isset = false && @request.body.stripe_customer:isset = false)',
};
const SOURCE = '^$|^[a-z_]{1,20}$';
const CURRENCY = '^$|^[a-z]{3}$';

migrate(
  (app) => {
    const companies = app.findCollectionByNameOrId('companies');
    companies.fields.add(new TextField({ name: 'revenue_source', max: 20, pattern: SOURCE }));
    companies.fields.add(new DateField({ name: 'revenue_at' }));
    companies.fields.add(new TextField({ name: 'revenue_currency', max: 3, pattern: CURRENCY }));
    companies.fields.add(new NumberField({ name: 'pending_revenue', min: 0, max: 1e12 }));
    companies.fields.add(new TextField({ name: 'pending_source', max: 20, pattern: SOURCE }));
    companies.fields.add(new DateField({ name: 'pending_at' }));
    companies.fields.add(new TextField({ name: 'pending_currency', max: 3, pattern: CURRENCY }));
    companies.fields.add(new TextField({ name: 'stripe_customer', max: 255, pattern: '^$|^cus_[A-Za-z0-9]{1,250}$' }));
    companies.createRule = RULES.COMPANY_WRITE;
    companies.updateRule = RULES.COMPANY_WRITE;
    companies.addIndex('idx_companies_stripe_customer', false, 'stripe_customer', '');
    app.save(companies);

    const settings = new Collection({
      type: 'base',
      name: 'stripe_settings',
      listRule: RULES.ACTIVE_ADMIN,
      viewRule: RULES.ACTIVE_ADMIN,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: 'active', type: 'bool' },
        { name: 'secret_key', type: 'text', max: 300, hidden: true },
        { name: 'webhook_secret', type: 'text', max: 300, hidden: true },
        { name: 'last_event_at', type: 'date' },
        { name: 'last_event_type', type: 'text', max: 100 },
        { name: 'last_outcome', type: 'text', max: 60 },
        { name: 'created', type: 'autodate', onCreate: true, onUpdate: false },
        { name: 'updated', type: 'autodate', onCreate: true, onUpdate: true },
      ],
    });
    app.save(settings);
    app.save(new Record(settings));
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId('stripe_settings'));
    const companies = app.findCollectionByNameOrId('companies');
    companies.removeIndex('idx_companies_stripe_customer');
    for (const name of [
      'revenue_source',
      'revenue_at',
      'revenue_currency',
      'pending_revenue',
      'pending_source',
      'pending_at',
      'pending_currency',
      'stripe_customer',
    ]) {
      companies.fields.removeByName(name);
    }
    companies.createRule = RULES.ACTIVE_ADMIN;
    companies.updateRule = RULES.ACTIVE_ADMIN;
    app.save(companies);
  },
);
