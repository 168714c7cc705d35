// An idea's title before it is sent, by the composer and by the idea's editor alike.
import { translate } from '../../i18n/current';

const MAX_TITLE = 120;

/** Field messages for an idea's title before it is sent. */
export function checkTitle(title: string): string | null {
  const length = title.trim().length;
  if (length === 0) return translate('composer', 'needTitle');
  if (length > MAX_TITLE) return translate('composer', 'titleTooLong', { max: MAX_TITLE, count: length });
  return null;
}
