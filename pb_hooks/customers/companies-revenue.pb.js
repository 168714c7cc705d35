/// <reference path="../../pb_data/types.d.ts" />
// A company's revenue keeps its source and time (issue 58; pb_hooks/customers/revenue.js): an admin's edit through
// the API is 'manual' (and a domain typed is kept as HubSpot's is matched); and the one action on a value a source
// offered instead of theirs.
// POST /api/chorus/companies/{id}/revenue/accept   admins: the pending value (Stripe's) becomes the company's
//   200 { id, monthly_revenue, revenue_source, revenue_at }; 404 when the company has nothing pending.
for (const register of [onRecordCreateRequest, onRecordUpdateRequest]) {
  register((e) => {
    const record = e.record;
    const changed = record.isNew()
      ? record.getFloat('monthly_revenue') !== 0
      : record.getFloat('monthly_revenue') !== record.original().getFloat('monthly_revenue');
    // Only a superuser may name the source itself (the rules refuse it to everyone else): theirs is kept.
    const named = e.requestInfo().body.revenue_source !== undefined;
    if (changed && !named) require(`${__hooks}/customers/revenue.js`).stampRevenue(record, 'manual');
    // The domain as HubSpot's is matched (customers/domain.js); what is no domain stays, for the field to refuse.
    const domain = require(`${__hooks}/customers/domain.js`).normalDomain(record.getString('domain'));
    if (domain) record.set('domain', domain);
    e.next();
  }, 'companies');
}

routerAdd(
  'POST',
  '/api/chorus/companies/{id}/revenue/accept',
  (e) => {
    require(`${__hooks}/platform/staff.js`).requireAdmin(e);
    const { acceptPending } = require(`${__hooks}/customers/revenue.js`);
    const { recordAudit } = require(`${__hooks}/audit/audit.js`);
    let company;
    // Read in the transaction: a webhook's newer offer cannot land between the read and the save and be lost.
    e.app.runInTransaction((txApp) => {
      try {
        company = txApp.findRecordById('companies', e.request.pathValue('id'));
      } catch {
        throw new NotFoundError('');
      }
      const before = company.getFloat('monthly_revenue');
      if (!acceptPending(company)) throw new NotFoundError('');
      txApp.save(company);
      recordAudit(txApp, e, {
        action: 'companies.revenue_accept',
        collection: 'companies',
        id: company.id,
        label: company.getString('name'),
        before: { monthly_revenue: before },
        after: { monthly_revenue: company.getFloat('monthly_revenue'), source: company.getString('revenue_source') },
      });
    });
    return e.json(200, {
      id: company.id,
      monthly_revenue: company.getFloat('monthly_revenue'),
      revenue_source: company.getString('revenue_source'),
      revenue_at: company.getString('revenue_at'),
    });
  },
  $apis.requireAuth('users', '_superusers'),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);
