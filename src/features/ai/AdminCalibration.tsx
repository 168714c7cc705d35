// The admin's calibration of the AI model (issue 61): the points in use and where they come from, one button that
// calibrates them on the labelled pairs through the site's own provider (asking first when the model was calibrated
// already), the run's progress, then precision and recall of the hints and of the merge queue before and after.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { AdminTable } from '../../ui/AdminTable';
import AskFirst from '../../ui/AskFirst';
import { useConfirmStep } from '../../ui/hooks/use-confirm-step';
import { $calibration, $calibrationError, calibrate, startCalibrationStatus } from './calibration';
import type { CalibrationRun, CalibrationStatus, Points } from './calibration-data';

// i18n-keys: adminAi.source_*
const POINTS = ['hint', 'floor', 'alone'] as const;
const FIGURES = [
  ['hintsPrecision', 'hints', 'precision'],
  ['hintsRecall', 'hints', 'recall'],
  ['queuePrecision', 'queue', 'precision'],
  ['queueRecall', 'queue', 'recall'],
] as const;

const cosine = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(value);
const share = (value: number) =>
  new Intl.NumberFormat(currentLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(value);
const day = (date: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(date.replace(' ', 'T')),
  );

function PointsInUse({ points }: { points: Points }) {
  const t = translator('adminAi');
  return (
    <dl className="stat-tiles" data-testid="ai-points">
      {POINTS.map((point) => (
        <div key={point}>
          <dt>{t(point)}</dt>
          <dd>{cosine(points[point])}</dd>
        </div>
      ))}
    </dl>
  );
}

function Progress({ run }: { run: CalibrationRun }) {
  const t = translator('adminAi');
  return (
    <div data-testid="ai-calibration-progress">
      <p role="status" id="ai-calibration-progress">
        {t('running', { embedded: run.embedded, total: run.total })}
      </p>
      <progress max={run.total} value={run.embedded} aria-labelledby="ai-calibration-progress" />
    </div>
  );
}

function CalibrateButton({ status }: { status: CalibrationStatus }) {
  const t = translator('adminAi');
  const { confirming, busy, askButton, ask, cancel, run } = useConfirmStep();
  const go = () => run(calibrate);
  const done = status.latest?.state === 'done' ? status.latest : null;
  if (confirming && done) {
    return (
      <AskFirst
        question={t('confirmAgain', { date: day(done.created) })}
        confirm={t('confirmYes')}
        cancel={t('cancel')}
        tone="primary"
        disabled={busy}
        onConfirm={go}
        onCancel={cancel}
      />
    );
  }
  return (
    <p>
      <button
        ref={askButton}
        type="button"
        className="button primary"
        disabled={busy || status.runsLeft === 0}
        onClick={() => (done ? ask() : go())}
      >
        {t('calibrate')}
      </button>
    </p>
  );
}

function BeforeAfter({ run }: { run: CalibrationRun }) {
  const t = translator('adminAi');
  const { before, after } = run;
  if (!before || !after) return null;
  return (
    <>
      <h3>{t('resultHeading', { pairs: run.measured?.pairs ?? run.total / 2 })}</h3>
      <AdminTable
        label={t('resultHeading', { pairs: run.measured?.pairs ?? run.total / 2 })}
        columns={[t('colMeasure'), t('colBefore'), t('colAfter')]}
        scrolls={false}
        testId="ai-calibration-result"
      >
        {POINTS.map((point) => (
          <tr key={point}>
            <th scope="row">{t(point)}</th>
            <td>{cosine(before[point])}</td>
            <td>{cosine(after[point])}</td>
          </tr>
        ))}
        {FIGURES.map(([label, part, measure]) => (
          <tr key={label} data-figure={label}>
            <th scope="row">{t(label)}</th>
            <td>{share(before[part][measure])}</td>
            <td>{share(after[part][measure])}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export default function AdminCalibration({ initial }: { initial: CalibrationStatus }) {
  const t = translator('adminAi');
  useEffect(() => startCalibrationStatus(initial), [initial]);
  const status = useStore($calibration) ?? initial;
  const error = useStore($calibrationError);
  const latest = status.latest;
  return (
    <>
      <section aria-labelledby="ai-points-heading">
        <h2 id="ai-points-heading">{t('pointsHeading')}</h2>
        <p data-testid="ai-points-source">{t(`source_${status.source || 'strict'}`)}</p>
        <PointsInUse points={status.points} />
      </section>
      <section aria-labelledby="ai-calibrate-heading">
        <h2 id="ai-calibrate-heading">{t('calibrateHeading')}</h2>
        <p>{t('explain')}</p>
        {latest?.state === 'running' ? <Progress run={latest} /> : <CalibrateButton status={status} />}
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        {latest?.state === 'failed' && (
          <p role="alert" data-testid="ai-calibration-failed">
            {t('failed', { error: latest.error })}
          </p>
        )}
        {latest?.state === 'done' && (
          <>
            <p role="status">{t('done', { date: day(latest.updated) })}</p>
            <BeforeAfter run={latest} />
          </>
        )}
        <p>
          <small>{t('runsLeft', { count: status.runsLeft })}</small>
        </p>
      </section>
    </>
  );
}
