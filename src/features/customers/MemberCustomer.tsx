// One member's company and attributes on /admin/members (issue #24): staff pick a company by name and
// edit the attributes as "key = value" lines.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';
import type { CompanyRecord } from './customers';
import { $profiles, findCompanies, formatAttributes, parseAttributes, saveProfile } from './member-profiles';
import { SaveOrCancel } from './SaveOrCancel';

export default function MemberCustomer({ userId, name }: { userId: string; name: string }) {
  const t = translator('customers');
  const id = useId();
  const profile = useStore($profiles)[userId];
  const current = profile?.expand?.company ?? null;
  const [open, setOpen] = useState(false);
  const [company, setCompany] = useState<Pick<CompanyRecord, 'id' | 'name'> | null>(current);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<CompanyRecord[]>([]);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      void findCompanies(query).then((found) => {
        if (live) setHits(found);
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, open]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseAttributes(String(new FormData(event.currentTarget).get('attribute_lines') ?? ''));
    if ('badLine' in parsed) {
      setProblem(t('attributesInvalid', { line: parsed.badLine }));
      return;
    }
    setProblem('');
    if ((await saveProfile(userId, company?.id ?? '', parsed.attributes)).ok) setOpen(false);
  }

  if (!open) {
    return (
      <>
        <span data-testid="member-company">{current ? current.name : t('noCompany')}</span>{' '}
        <ActionButton
          verb={t('edit')}
          target={t('customerOf', { name })}
          onClick={() => {
            setCompany(current);
            setOpen(true);
          }}
        />
      </>
    );
  }
  return (
    <form className="form member-customer" onSubmit={save} aria-label={t('customerOf', { name })}>
      <p>
        <span data-testid="chosen-company">
          {t('chosenCompany', { name: company ? company.name : t('noCompany') })}
        </span>{' '}
        {company && (
          <button type="button" className="button" onClick={() => setCompany(null)}>
            {t('removeCompany')}
          </button>
        )}
      </p>
      <span className="field">
        <label htmlFor={`${id}-q`}>{t('companySearch')}</label>
        <input id={`${id}-q`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </span>
      {hits.length > 0 && (
        <ul className="company-hits">
          {hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" className="button" onClick={() => setCompany(hit)}>
                {t('chooseCompany', { name: hit.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <span className="field">
        <label htmlFor={`${id}-attributes`}>{t('attributes')}</label>
        <textarea
          id={`${id}-attributes`}
          name="attribute_lines"
          rows={4}
          defaultValue={formatAttributes(profile?.attributes)}
          aria-describedby={`${id}-hint`}
        />
        <span id={`${id}-hint`} className="field-hint">
          {t('attributesHint')}
        </span>
        {problem && (
          <span className="field-error" role="alert">
            {problem}
          </span>
        )}
      </span>
      <SaveOrCancel onCancel={() => setOpen(false)} />
    </form>
  );
}
