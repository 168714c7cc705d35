// The one runtime module Chorus reads from `cloudflare:workers` (typed loosely: the purge code checks it).
declare module 'cloudflare:workers' {
  export const cache: unknown;
}
