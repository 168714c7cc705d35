// Writes each translation (locales/<code>.json but English) as a minified static asset, /_locales/<code>.json,
// which the built Worker reads through its ASSETS binding (src/i18n/translation-assets.ts) instead of bundling it.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';

const LOCALES_DIR = new URL('../../locales/', import.meta.url);
/** Keep in step with TRANSLATIONS_PATH in src/i18n/translation-assets.ts. */
export const TRANSLATIONS_FOLDER = '_locales';
const SOURCE_FILE = 'en.json';

/** Copies the translations into `assetsDir` (a URL ending in /), minified; returns their file names. */
export async function writeTranslationAssets(assetsDir) {
  const files = (await readdir(LOCALES_DIR)).filter((name) => name.endsWith('.json') && name !== SOURCE_FILE);
  const target = new URL(`${TRANSLATIONS_FOLDER}/`, assetsDir);
  await mkdir(target, { recursive: true });
  for (const name of files) {
    const messages = JSON.parse(await readFile(new URL(name, LOCALES_DIR), 'utf8'));
    await writeFile(new URL(name, target), JSON.stringify(messages));
  }
  return files;
}

/** The Astro integration: after `astro build`, next to the site's other static assets. */
export function translationAssets() {
  return {
    name: 'chorus-translation-assets',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await writeTranslationAssets(dir);
        logger.info(
          `${files.length} translations written to /${TRANSLATIONS_FOLDER}/ for the Worker's ASSETS binding.`,
        );
      },
    },
  };
}
