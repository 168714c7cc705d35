// Builds the widget's loader (src/widget/loader.ts) into one small script served at /widget.js:
// written next to the site's static assets by `astro build`, served from memory by `astro dev`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ENTRY = fileURLToPath(new URL('../../src/widget/loader.ts', import.meta.url));
export const LOADER_PATH = '/widget.js';

/** The loader as one minified script (an IIFE, so it leaks nothing into the host page). */
export async function bundleWidgetLoader() {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

/** The Astro integration that puts the loader at /widget.js. */
export function widgetLoader() {
  return {
    name: 'chorus-widget-loader',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (request, response, next) => {
          if (request.url?.split('?')[0] !== LOADER_PATH) return next();
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.end(await bundleWidgetLoader());
        });
      },
      'astro:build:done': async ({ dir }) => {
        await writeFile(new URL(`.${LOADER_PATH}`, dir), await bundleWidgetLoader());
      },
    },
  };
}
