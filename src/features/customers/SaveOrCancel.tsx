// The end of an edit form on the customers pages (a company's row, a member's company): Save submits, Cancel closes
// the form unsaved.
import { translator } from '../../i18n/current';

export function SaveOrCancel({ onCancel }: { onCancel: () => void }) {
  const t = translator('customers');
  return (
    <>
      <button type="submit" className="button primary">
        {t('save')}
      </button>{' '}
      <button type="button" className="button" onClick={onCancel}>
        {t('cancel')}
      </button>
    </>
  );
}
