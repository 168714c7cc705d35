// Admins choose the priority score's formula and weights: the revenue weight per $1,000 of monthly revenue
// and a weight per segment (segments are listed from the `segments` collection).
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { FieldFrame, SelectField } from '../../ui/FieldFrame';
import type { SegmentOption } from './priority-data';
import { FORMULAS, type Formula, formulaName } from './priority-format';
import { saveScoring, scoringWeights } from './scoring';

interface Props {
  id: string;
  formula: Formula;
  revenueWeight: number;
  segmentWeights: Record<string, number>;
  segments: SegmentOption[];
}

export default function AdminScoring({ id, formula, revenueWeight, segmentWeights, segments }: Props) {
  const t = translator('priority');
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const chosen = String(form.get('formula')) as Formula;
    const weights = scoringWeights(
      form,
      segments.map((s) => s.id),
    );
    const result = await saveScoring(id, chosen, weights);
    setError(result.ok ? null : result.error);
    setSaved(result.ok);
  }

  return (
    <form className="form" onSubmit={submit} data-testid="scoring-form">
      <SelectField
        id="scoring-formula"
        name="formula"
        label={t('formula')}
        defaultValue={formula}
        choices={FORMULAS.map((f) => [f, formulaName(f)] as const)}
      />
      <FieldFrame id="scoring-revenue" label={t('revenueWeight')}>
        {(control) => (
          <input
            {...control}
            name="revenue"
            type="number"
            min="0"
            max="1000"
            step="any"
            required
            defaultValue={revenueWeight}
          />
        )}
      </FieldFrame>
      <fieldset>
        <legend>{t('segmentWeights')}</legend>
        <p className="muted">{t('segmentHint')}</p>
        {segments.length === 0 && <p>{t('noSegments')}</p>}
        {segments.map((segment) => (
          <FieldFrame key={segment.id} id={`segment-${segment.id}`} label={segment.name}>
            {(control) => (
              <input
                {...control}
                name={`segment-${segment.id}`}
                type="number"
                min="0"
                max="100"
                step="any"
                defaultValue={segmentWeights[segment.id] ?? ''}
              />
            )}
          </FieldFrame>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error.message}
        </p>
      )}
      {saved && (
        <p role="status" data-testid="scoring-saved">
          {t('scoringSaved')}
        </p>
      )}
      <button type="submit" className="button primary">
        {t('saveScoring')}
      </button>
    </form>
  );
}
