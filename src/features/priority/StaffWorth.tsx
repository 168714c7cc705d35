// What an idea is worth, on its page, for staff only (rendered by StaffTools.astro for staff): the summed
// monthly revenue of the distinct companies that voted for it, live, then votes, companies and revenue
// per plan, and the voters' companies.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import { AdminTable } from '../../ui/AdminTable';
import type { IdeaWorth } from '../customers/customers';
import { formatMoney } from '../customers/money';
import { $ideaWorth, followIdeaWorth } from './worth';

export default function StaffWorth({ postId, initial }: { postId: string; initial: IdeaWorth }) {
  const t = translator('customers');
  const locale = currentLocale();
  const worth = useStore($ideaWorth) ?? initial;
  useEffect(() => followIdeaWorth(postId, initial), [postId, initial]);
  const plans = Object.entries(worth.plans).sort(([, a], [, b]) => b.revenue - a.revenue || b.votes - a.votes);
  return (
    <section className="staff-worth card" aria-labelledby="staff-worth-title" data-testid="staff-worth">
      <h2 id="staff-worth-title">{t('worthHeading')}</h2>
      <p className="staff-worth-revenue">
        <span>{t('worthRevenue')}</span>{' '}
        <strong data-testid="idea-revenue" aria-live="polite">
          {formatMoney(locale, worth.revenue)}
        </strong>{' '}
        <span className="muted">{t('worthCompanies', { count: worth.company_count })}</span>
      </p>
      {plans.length > 0 && (
        <AdminTable
          label={t('worthByPlan')}
          scrolls={false}
          columns={[t('plan'), t('votes'), t('companies'), t('revenue')]}
        >
          {plans.map(([plan, row]) => (
            <tr key={plan} data-testid="plan-row">
              <th scope="row">{plan || t('noPlan')}</th>
              <td>{formatNumber(locale, row.votes)}</td>
              <td>{formatNumber(locale, row.companies)}</td>
              <td>{formatMoney(locale, row.revenue)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      {worth.companies.length > 0 ? (
        <>
          <h3>{t('voterCompanies')}</h3>
          <ul className="staff-worth-companies" data-testid="voter-companies">
            {worth.companies.map((company) => (
              <li key={company.id}>
                {company.name}
                {company.plan ? ` · ${company.plan}` : ''} · {formatMoney(locale, company.monthly_revenue)}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('noVoterCompanies')}</p>
      )}
    </section>
  );
}
