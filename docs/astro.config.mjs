// The documentation site (Starlight): `npm run docs:build` writes a static site with offline search to docs/dist.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import { sidebar } from './sidebar.mjs';

export default defineConfig({
  site: 'https://chorus.example',
  base: '/',
  outDir: './dist',
  integrations: [
    starlight({
      title: 'Chorus',
      description: 'An open-source customer feedback board where everything updates live.',
      sidebar,
      pagefind: true,
      lastUpdated: false,
    }),
  ],
  telemetry: false,
});
