// The Worker's side of src/i18n/current.ts: each request runs inside an AsyncLocalStorage holding its
// locale, so islands rendered on the server for concurrent requests never mix languages.
import { AsyncLocalStorage } from 'node:async_hooks';
import { installServerI18n } from './current';
import type { I18n } from './translator';

const storage = new AsyncLocalStorage<I18n>();
installServerI18n(() => storage.getStore());

export function runWithI18n<T>(i18n: I18n, render: () => T): T {
  return storage.run(i18n, render);
}
