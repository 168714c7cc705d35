// The options of a select, for the two kinds every form chooses from: records by their name (a board, a status, a
// tracker connection: the value is the id), and the site's languages (each in its own name and language).
import { LOCALE_NAMES } from '../i18n/locale-names';
import { LOCALES } from '../i18n/locales';

/** One option per record: its id chosen, its name shown. */
export function NamedOptions({ records }: { records: readonly { id: string; name: string }[] }) {
  return records.map((record) => (
    <option key={record.id} value={record.id}>
      {record.name}
    </option>
  ));
}

/** One option per language Chorus speaks, named in that language. */
export function LocaleOptions() {
  return LOCALES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LOCALE_NAMES[code]}
    </option>
  ));
}
