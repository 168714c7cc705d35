// The built Worker's translations: static assets (tools/lib/translation-assets.mjs writes them at build time),
// read through the ASSETS binding rather than bundled, so the Worker's size does not grow with each language.
import { env } from 'cloudflare:workers';
import type { Messages } from './format';
import type { Locale } from './locales';

/** Where the build puts `<locale>.json` among the static assets (tools/lib/translation-assets.mjs). */
export const TRANSLATIONS_PATH = '/_locales/';

interface AssetsEnv {
  ASSETS?: { fetch(request: Request): Promise<Response> };
}

export async function readTranslationAsset(locale: Locale): Promise<Messages> {
  const assets = (env as AssetsEnv).ASSETS;
  if (!assets) throw new Error('The Worker has no ASSETS binding.');
  // The asset server reads only the path; the host is a placeholder.
  const url = `https://assets.invalid${TRANSLATIONS_PATH}${encodeURIComponent(locale)}.json`;
  const response = await assets.fetch(new Request(url));
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status}.`);
  }
  return (await response.json()) as Messages;
}
