// Types of Chorus's own hydration directives (registered by tools/lib/hydration-directives.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once someone is signed in in this browser (see src/directives/session.ts). */
    'client:session'?: boolean;
    /** Hydrate on the first interaction or a wake event, or at once for a URL parameter, stored key or
     * session (src/directives/interact.ts). */
    'client:interact'?: boolean | { param?: string; stored?: string; session?: boolean; wake?: string };
  }
}

export {};
