// Admin companies (issue #24): the list (name, plan, monthly revenue with its source and time, members); admins add,
// edit and delete companies, upload them as CSV, whose refusal names each bad line, and accept a revenue Stripe or
// HubSpot offered instead of the one they gave; HubSpot's owner and lifecycle stage show with their time (issue 58).
// Moderators read only.
import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import { actionName } from '../../lib/action-name';
import { ActionButton } from '../../ui/ActionButton';
import { AdminTable } from '../../ui/AdminTable';
import { FieldFrame } from '../../ui/FieldFrame';
import { useSeededStore } from '../../ui/hooks/use-seeded-store';
import Toaster from '../../ui/Toaster';
import {
  $companies,
  $importOutcome,
  acceptRevenue,
  addCompany,
  removeCompany,
  saveCompany,
  uploadCompanies,
} from './companies';
import type { CompanyInput, CompanyRow, ImportProblem } from './customers';
import { formatMoney } from './money';
import { SaveOrCancel } from './SaveOrCancel';

// i18n-keys: customers.problem_*
const PROBLEMS = [
  'required',
  'too_long',
  'whitespace',
  'duplicate',
  'revenue',
  'extra_cells',
  'quote',
  'unknown_column',
  'missing_column',
  'duplicate_column',
] as const;

function readCompany(form: HTMLFormElement): CompanyInput {
  const data = new FormData(form);
  return {
    external_id: String(data.get('external_id') ?? '').trim(),
    name: String(data.get('company_name') ?? '').trim(),
    plan: String(data.get('plan') ?? '').trim(),
    monthly_revenue: Number(data.get('monthly_revenue') || 0),
    domain: String(data.get('domain') ?? '')
      .trim()
      .toLowerCase(),
  };
}

function CompanyFields({ company, idPrefix }: { company?: CompanyRow; idPrefix: string }) {
  const t = translator('customers');
  return (
    <>
      <FieldFrame inline id={`${idPrefix}-name`} label={t('name')}>
        {(control) => <input {...control} name="company_name" required maxLength={200} defaultValue={company?.name} />}
      </FieldFrame>
      <FieldFrame inline id={`${idPrefix}-id`} label={t('externalId')}>
        {(control) => (
          <input
            {...control}
            name="external_id"
            required
            maxLength={128}
            pattern="[^\s]+"
            defaultValue={company?.external_id}
          />
        )}
      </FieldFrame>
      <FieldFrame inline id={`${idPrefix}-domain`} label={t('companyDomain')}>
        {(control) => (
          <input
            {...control}
            name="domain"
            maxLength={253}
            pattern="([a-zA-Z0-9]([a-zA-Z0-9\-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z0-9]([a-zA-Z0-9\-]{0,61}[a-zA-Z0-9])?"
            placeholder="example.com"
            defaultValue={company?.domain}
          />
        )}
      </FieldFrame>
      <FieldFrame inline id={`${idPrefix}-plan`} label={t('plan')}>
        {(control) => <input {...control} name="plan" maxLength={60} defaultValue={company?.plan} />}
      </FieldFrame>
      <FieldFrame inline id={`${idPrefix}-revenue`} label={t('monthlyRevenue')}>
        {(control) => (
          <input
            {...control}
            name="monthly_revenue"
            type="number"
            min={0}
            max={1e12}
            step="0.01"
            defaultValue={company?.monthly_revenue ?? 0}
          />
        )}
      </FieldFrame>
    </>
  );
}

// i18n-keys: customers.revenueSource_manual customers.revenueSource_csv customers.revenueSource_sso customers.revenueSource_stripe customers.revenueSource_hubspot
const SOURCES = ['manual', 'csv', 'sso', 'stripe', 'hubspot'] as const;
const sourceName = (source: string) =>
  (SOURCES as readonly string[]).includes(source)
    ? translator('customers')(`revenueSource_${source as (typeof SOURCES)[number]}`)
    : source;
const dateOf = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** HubSpot's owner and lifecycle stage of a company linked to HubSpot, and when HubSpot wrote them. */
function CrmDetails({ company }: { company: CompanyRow }) {
  const t = translator('customers');
  if (!company.hubspot_at || (!company.owner_name && !company.lifecycle_stage)) return null;
  return (
    <small className="muted company-crm" data-testid="company-crm">
      {t('hubspotDetails', {
        owner: company.owner_name || '–',
        stage: company.lifecycle_stage || '–',
        time: dateOf(currentLocale(), company.hubspot_at),
      })}
    </small>
  );
}

/** Where the revenue came from and when, and a value Stripe or HubSpot offers instead (admins accept it in one action). */
function RevenueOrigin({ company, canEdit }: { company: CompanyRow; canEdit: boolean }) {
  const t = translator('customers');
  const locale = currentLocale();
  return (
    <>
      {company.revenue_source && company.revenue_at && (
        <small className="muted revenue-source" data-testid="revenue-source">
          {' '}
          {t('revenueFrom', { source: sourceName(company.revenue_source), time: dateOf(locale, company.revenue_at) })}
        </small>
      )}
      {company.pending_source && (
        <span className="revenue-pending" data-testid="revenue-pending">
          {' '}
          {t('revenuePending', {
            source: sourceName(company.pending_source),
            amount: formatMoney(locale, company.pending_revenue ?? 0),
          })}
          {canEdit && (
            <>
              {' '}
              <ActionButton
                verb={t('revenueAccept')}
                target={company.name}
                onClick={() => void acceptRevenue(company.id)}
              />
            </>
          )}
        </span>
      )}
    </>
  );
}

function Row({ company, canEdit }: { company: CompanyRow; canEdit: boolean }) {
  const t = translator('customers');
  const locale = currentLocale();
  const [editing, setEditing] = useState(false);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if ((await saveCompany(company.id, readCompany(event.currentTarget))).ok) setEditing(false);
  }
  if (editing) {
    return (
      <tr data-testid="company-row">
        <td colSpan={5}>
          <form className="admin-form" onSubmit={save} aria-label={actionName(t('edit'), company.name)}>
            <CompanyFields company={company} idPrefix={`edit-${company.id}`} />
            <SaveOrCancel onCancel={() => setEditing(false)} />
          </form>
        </td>
      </tr>
    );
  }
  return (
    <tr data-testid="company-row">
      <td>
        {company.name} <code className="muted">{company.external_id}</code>
        {company.domain && <small className="muted"> {company.domain}</small>}
        <CrmDetails company={company} />
      </td>
      <td>{company.plan}</td>
      <td>
        {formatMoney(locale, company.monthly_revenue)}
        <RevenueOrigin company={company} canEdit={canEdit} />
      </td>
      <td>{formatNumber(locale, company.members)}</td>
      {canEdit && (
        <td>
          <ActionButton verb={t('edit')} target={company.name} onClick={() => setEditing(true)} />{' '}
          <ActionButton
            verb={t('delete')}
            target={company.name}
            tone="danger"
            confirm={t('confirmDelete', { name: company.name })}
            onClick={() => void removeCompany(company.id)}
          />
        </td>
      )}
    </tr>
  );
}

function problemText(problem: ImportProblem): string {
  const t = translator('customers');
  const code = (PROBLEMS as readonly string[]).includes(problem.code) ? problem.code : 'required';
  return t('problemLine', {
    line: problem.line,
    problem: t(`problem_${code as (typeof PROBLEMS)[number]}`, { column: problem.column }),
  });
}

function Upload() {
  const t = translator('customers');
  const outcome = useStore($importOutcome);
  const [busy, setBusy] = useState(false);
  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) return;
    setBusy(true);
    const done = await uploadCompanies(await file.text());
    setBusy(false);
    if (done) window.location.reload();
  }
  return (
    <form className="admin-form" onSubmit={upload} aria-labelledby="upload-companies">
      <h2 id="upload-companies">{t('uploadHeading')}</h2>
      <p className="field-hint">{t('uploadHint')}</p>
      <FieldFrame inline id="companies-file" label={t('uploadFile')}>
        {(control) => <input {...control} name="file" type="file" accept=".csv,text/csv" required />}
      </FieldFrame>
      <button type="submit" className="button primary" disabled={busy}>
        {t('upload')}
      </button>
      {outcome && outcome.problems.length > 0 && (
        <div className="notice" role="alert" data-testid="import-problems">
          <p>{outcome.message}</p>
          <p>{t('importProblems')}</p>
          <ul>
            {outcome.problems.map((problem) => (
              <li key={`${problem.line}-${problem.column}-${problem.code}`}>{problemText(problem)}</li>
            ))}
          </ul>
          {outcome.total > outcome.problems.length && (
            <p>{t('importMore', { count: outcome.total - outcome.problems.length })}</p>
          )}
        </div>
      )}
      {outcome && outcome.problems.length === 0 && outcome.message && (
        <p className="notice" role="alert">
          {outcome.message}
        </p>
      )}
    </form>
  );
}

export default function AdminCompanies({ initial, canEdit }: { initial: CompanyRow[]; canEdit: boolean }) {
  const t = translator('customers');
  const companies = useSeededStore($companies, initial);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if ((await addCompany(readCompany(form))).ok) form.reset();
  }

  return (
    <>
      <AdminTable
        label={t('companiesTitle')}
        columns={[t('name'), t('plan'), t('monthlyRevenue'), t('members'), canEdit && t('actions')]}
        empty={t('none')}
        rowCount={companies.length}
      >
        {companies.map((company) => (
          <Row key={company.id} company={company} canEdit={canEdit} />
        ))}
      </AdminTable>
      {canEdit && (
        <>
          <Upload />
          <form className="admin-form" onSubmit={add} aria-labelledby="add-company">
            <h2 id="add-company">{t('addHeading')}</h2>
            <CompanyFields idPrefix="new-company" />
            <button type="submit" className="button primary">
              {t('add')}
            </button>
          </form>
        </>
      )}
      <Toaster />
    </>
  );
}
