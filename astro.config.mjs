// Astro renders Chorus on Cloudflare Workers; React islands hydrate what is interactive.
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import { widgetLoader } from './scripts/lib/widget-loader.mjs';

export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), widgetLoader()],
  // Chorus keeps no server sessions: auth lives in PocketBase's token cookie.
  session: false,
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'never' },
  security: {
    checkOrigin: true,
    csp: {
      directives: [
        "default-src 'self'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        "manifest-src 'self'",
      ],
    },
  },
  env: {
    schema: {
      PB_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      PUBLIC_PB_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
    },
  },
});
