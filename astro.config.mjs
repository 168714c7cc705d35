// Astro renders Chorus on Cloudflare Workers; React islands hydrate what is interactive.
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import { hydrationDirectives } from './tools/lib/hydration-directives.mjs';
import { mcpWithoutAjv } from './tools/lib/mcp-without-ajv.mjs';
import { pocketbaseBrowserClient } from './tools/lib/pocketbase-browser-client.mjs';
import { reactIslandRenderer } from './tools/lib/react-island-renderer.mjs';
import { translationAssets } from './tools/lib/translation-assets.mjs';
import { widgetLoader } from './tools/lib/widget-loader.mjs';

// What the chunk groups below hold, by path: the platform (src/stores, src/lib, src/i18n, src/ui/hooks) and the
// features' stores and data access (src/features/<concept>/*.ts), never an island (a component, or the DOM
// scripts pages load by <script>), which each page loads as its own entry.
const SHARED_MODULES =
  /[\\/](src[\\/](stores|ui[\\/]hooks|lib|i18n|features[\\/][^\\/]+)[\\/](?!markdown|image-files|notification-text)|node_modules[\\/](pocketbase|nanostores|@nanostores)[\\/])/;
const ISLAND_MODULES =
  /\.(tsx|astro)($|\?)|[\\/](live-cards|live-idea|live-roadmap|release-toast|whats-new-badge|boards-menu)\.ts$/;
// Only the roadmap page's islands use these (and ETA labels: the roadmap, notifications and staff tools):
// they travel in their own small chunks, not in every page's.
const ROADMAP_MODULES = /[\\/]src[\\/](features[\\/]roadmap[\\/]roadmap(-data)?|lib[\\/]eta-label)\.ts$/;
// "What's new" (the unseen-releases count beside the changelog link, and the widget's launcher badge) loads after
// the page is up, by dynamic import: in no page's up-front chunk.
const WHATS_NEW_MODULES = /[\\/]src[\\/]features[\\/]changelog[\\/](whats-new|release-reads)\.ts$/;
// Relative dates in the browser: the passkeys list, and the ages of comments "Show more comments" adds (by
// dynamic import): in no page's up-front chunk.
const DATES_MODULES = /[\\/]src[\\/]lib[\\/]dates\.ts$/;
// Modules no island of a visitor's idea page imports (check with `npm run size` when changing it).
const FORMS_AND_STAFF_MODULES =
  /[\\/]src[\\/](features[\\/](auth[\\/](auth|auth-data|turnstile)|passkeys[\\/](passkeys|passkeys-data|browser)|sso[\\/](identify|sso-data)|widget[\\/](widget-admin|widget-data)|account[\\/](account|account-data)|ideas[\\/](post-editor|search)|composer[\\/](composer|draft)|custom-fields[\\/](custom-fields|custom-fields-data)|changelog[\\/]changelog-editor|moderation[\\/](moderation|reports-data)|staff[\\/](staff|staff-action|staff-data)|priority[\\/](priority|worth|scoring|priority-data|staff-lists|priority-format)|customers[\\/](companies|member-profiles|customers|money|stripe|stripe-data|hubspot|hubspot-data)|feedback[\\/](slack|slack-data|zendesk|zendesk-data|intercom|intercom-data)|webhooks[\\/](webhooks|webhook-event-names)|trackers[\\/](trackers|integrations|trackers-data)|site[\\/](admin|site-settings|admin-data))|ui[\\/]hooks[\\/]use-form-action|stores[\\/]connection-settings|lib[\\/](next-path|action-name|pb[\\/]connection-settings)|i18n[\\/](list-format|locale-names))\.ts$/;
// Of those, what signing in and up needs: its own chunk, so the sign-in pages skip the staff tools' code.
const SIGN_IN_MODULES =
  /[\\/]src[\\/](features[\\/](auth[\\/](auth|auth-data|turnstile)|passkeys[\\/](passkeys|passkeys-data|browser))|ui[\\/]hooks[\\/]use-form-action|lib[\\/](next-path|action-name))\.ts$/;

export default defineConfig({
  output: 'server',
  adapter: cloudflare({
    imageService: 'passthrough',
    // No debugger port: local stacks (npm start, the tests' own) start side by side and would race for 9229.
    inspectorPort: false,
    // Locally every binding is simulated, and Workers AI (remote only) is absent: `npm start` and the tests use
    // the local AI stand-in (tools/lib/ai-stand-in.mjs); nothing here signs in to Cloudflare.
    remoteBindings: false,
    // `astro dev`'s workerd state (Durable Objects, caches) in a folder of its own, so two stacks never share one
    // SQLite file; .wrangler/state otherwise. Read by `astro dev` and the memory bench's `astro preview` (the built
    // Worker otherwise runs alone in workerd, its state where tools/lib/site-server.mjs says).
    ...(process.env.CHORUS_WORKERD_STATE && { persistState: { path: process.env.CHORUS_WORKERD_STATE } }),
  }),
  // Islands render with renderToString, not a stream each: a list page renders ~70 islands, and a stream
  // per island cost the Worker ~40% of a home page's CPU. No island suspends on the server (the composer
  // loads on demand in the browser). Streaming passes React an id prefix per island and renderToString
  // does not, so an island's useId ids differ between server and browser: keep every id an island
  // renders on the server and every id that refers to it coming from the same render (never one from
  // each), and never render two useId islands on one page.
  integrations: [
    react({ experimentalDisableStreaming: true }),
    widgetLoader(),
    // The Worker reads the translations as static assets (src/i18n/translation-assets.ts); English stays bundled.
    translationAssets(),
    hydrationDirectives(),
    reactIslandRenderer(),
  ],
  // Chorus keeps no server sessions: auth lives in PocketBase's token cookie.
  session: false,
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
  // Styles inline in the page: no render-blocking request before the first paint (LCP); the page itself
  // is cached at the edge and compressed, and Astro hashes the inlined styles into the CSP.
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [mcpWithoutAjv(), pocketbaseBrowserClient()],
    // The Cloudflare adapter's `process` shim banner is for the Worker; the browser's chunks never read
    // process.env (Vite replaces it), so they go without it (about 45 bytes on every file a page loads).
    environments: { client: { build: { rolldownOptions: { output: { banner: () => '' } } } } },
    build: {
      rollupOptions: {
        output: {
          // The islands' small shared modules (stores, hooks, helpers, the SDK) travel as one file:
          // dozens of sub-kilobyte chunks each cost a request and compress worse apart. What only forms
          // and staff use travels in a second one, so a visitor's idea page does not load it, and what signing in
          // needs of it in a third, so the sign-in pages do not load the staff tools.
          codeSplitting: {
            groups: [
              {
                name: 'chorus',
                test: (id) =>
                  SHARED_MODULES.test(id) &&
                  !ISLAND_MODULES.test(id) &&
                  !FORMS_AND_STAFF_MODULES.test(id) &&
                  !ROADMAP_MODULES.test(id) &&
                  !WHATS_NEW_MODULES.test(id) &&
                  !DATES_MODULES.test(id),
                minShareCount: 2,
                priority: 2,
              },
              { name: 'chorus-sign-in', test: SIGN_IN_MODULES, minShareCount: 2, priority: 1 },
              {
                name: 'chorus-forms',
                test: (id) => FORMS_AND_STAFF_MODULES.test(id) && !SIGN_IN_MODULES.test(id),
                minShareCount: 2,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  },
  security: {
    // Cross-site form posts are refused by src/middleware.ts (src/lib/cross-site.ts): the same check, with
    // the one-click unsubscribe address (RFC 8058) let through, which Astro's own check cannot do.
    checkOrigin: false,
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
      CHORUS_PROXY_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Edge cache purging (src/lib/edge-cache/): the secret PocketBase's hooks present, and locally the
      // emulated edge's purge endpoint (workerd has no Workers Cache).
      EDGE_PURGE_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      LOCAL_EDGE_CACHE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The site's address (PocketBase's Application URL): canonical links come from it (src/lib/canonical.ts).
      SITE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
    },
  },
});
