// Staff-only: the idea's priority score with its formula spelled out, the sizing that feeds it (impact on
// Intercom's RICE scale, confidence, effort in person-weeks) and its ETA (a month or a quarter). Loaded only
// on staff's idea pages (features/priority/StaffPriority.astro), never for visitors or members.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { formatEta } from '../../lib/eta-label';
import { FieldFrame, SelectField } from '../../ui/FieldFrame';
import { $insights, saveEta, saveSizing, startInsights } from './priority';
import { type InsightRow, votesOf } from './priority-data';
import { CONFIDENCES, explainScore, type Formula, IMPACTS } from './priority-format';

interface Props {
  insights: InsightRow;
  formula: Formula;
  revenueWeight: number;
  /** Whether the site shows ETAs publicly (else a note says only staff see it). */
  etaPublic: boolean;
}

const IMPACT_KEYS = ['impactMinimal', 'impactLow', 'impactMedium', 'impactHigh', 'impactMassive'] as const;

function etaParts(eta: string) {
  const quarter = /^(\d{4})-Q([1-4])$/.exec(eta);
  if (quarter) return { kind: 'quarter', month: '', year: quarter[1] ?? '', quarter: quarter[2] ?? '1' };
  if (/^\d{4}-\d{2}$/.test(eta)) return { kind: 'month', month: eta, year: '', quarter: '1' };
  return { kind: 'none', month: '', year: String(new Date().getFullYear()), quarter: '1' };
}

export default function StaffPriority({ insights: initial, formula, revenueWeight, etaPublic }: Props) {
  const t = translator('priority');
  const te = translator('eta');
  const row = useStore($insights) ?? initial;
  useEffect(() => startInsights(initial), [initial]);
  const [kind, setKind] = useState(etaParts(initial.eta).kind);
  const parts = etaParts(row.eta);
  const percent = new Intl.NumberFormat(currentLocale(), { style: 'percent' });
  const explained = explainScore({ ...row, votes: votesOf(row), revenueWeight }, formula);

  function submitSizing(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void saveSizing({
      impact: Number(form.get('impact')),
      confidence: Number(form.get('confidence')),
      effort: Number(form.get('effort')),
    });
  }

  function submitEta(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const eta =
      kind === 'month'
        ? String(form.get('month') ?? '')
        : kind === 'quarter'
          ? `${form.get('year')}-Q${form.get('quarter')}`
          : '';
    void saveEta(eta);
  }

  return (
    <section className="staff-priority card" aria-labelledby="staff-priority-title" data-testid="staff-priority">
      <h2 id="staff-priority-title">{t('heading')}</h2>
      <p data-testid="score-explained">{explained ?? t('notSized')}</p>
      <form className="form" onSubmit={submitSizing}>
        <SelectField
          id="sizing-impact"
          name="impact"
          label={t('impact')}
          defaultValue={String(row.impact)}
          key={`i${row.impact}`}
          choices={[
            ['0', t('impactNone')],
            ...IMPACTS.map((impact, i) => [String(impact), t(IMPACT_KEYS[i] ?? 'impactMedium')] as const),
          ]}
        />
        <SelectField
          id="sizing-confidence"
          name="confidence"
          label={t('confidence')}
          defaultValue={String(row.confidence || 80)}
          key={`c${row.confidence}`}
          choices={CONFIDENCES.map((confidence) => [String(confidence), percent.format(confidence / 100)] as const)}
        />
        <FieldFrame id="sizing-effort" label={t('effort')}>
          {(control) => (
            <input
              {...control}
              name="effort"
              type="number"
              min="0"
              max="1000"
              step="0.5"
              defaultValue={row.effort || ''}
              key={`e${row.effort}`}
            />
          )}
        </FieldFrame>
        <button type="submit" className="button">
          {t('saveSizing')}
        </button>
      </form>
      <form className="form" onSubmit={submitEta}>
        <fieldset>
          <legend>{te('editorLegend')}</legend>
          {row.eta && <p data-testid="staff-eta">{te('target', { when: formatEta(row.eta) })}</p>}
          {!etaPublic && <p className="muted">{te('staffOnly')}</p>}
          <SelectField
            id="eta-kind"
            label={te('kind')}
            value={kind}
            onValue={setKind}
            choices={[
              ['none', te('kindNone')],
              ['month', te('kindMonth')],
              ['quarter', te('kindQuarter')],
            ]}
          />
          {kind === 'month' && (
            <FieldFrame id="eta-month" label={te('month')}>
              {(control) => (
                <input
                  {...control}
                  name="month"
                  type="month"
                  required
                  pattern="\d{4}-\d{2}"
                  defaultValue={parts.month}
                />
              )}
            </FieldFrame>
          )}
          {kind === 'quarter' && (
            <div className="field-row">
              <SelectField
                id="eta-quarter"
                name="quarter"
                label={te('quarterField')}
                defaultValue={parts.quarter}
                choices={['1', '2', '3', '4'].map((q) => [q, q] as const)}
              />
              <FieldFrame id="eta-year" label={te('year')}>
                {(control) => (
                  <input
                    {...control}
                    name="year"
                    type="number"
                    min="2000"
                    max="2999"
                    required
                    defaultValue={parts.year}
                  />
                )}
              </FieldFrame>
            </div>
          )}
          <button type="submit" className="button">
            {te('save')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
