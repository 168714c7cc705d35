// What the widget's loader (on the host page) and the panel (on Chorus's origin) say to each other
// by postMessage, and the JavaScript API the loader gives the host page as `window.Chorus`.

/** Messages in both directions. Each side checks the other's origin and window before reading one. */
export type Message =
  /** Panel → host: a panel page is listening (sent on every page the panel shows). */
  | { type: 'chorus:ready' }
  /** Panel → host: close the panel (Escape, or the panel's close button). */
  | { type: 'chorus:close' }
  /** Panel → host: how many releases this person has not seen yet. */
  | { type: 'chorus:unseen'; count: number }
  /** Host → panel: sign in with an identify token from the app's server. */
  | { type: 'chorus:identify'; token: string }
  /** Host → panel: sign out (the app's user signed out). */
  | { type: 'chorus:signout' }
  /** Host → panel: open the composer with this title and description. */
  | { type: 'chorus:compose'; title: string; body: string };

/**
 * Loader → Chorus, on first open: GET ORIGIN_CHECK_PATH?origin=<the host page's origin> answers whether
 * the admin allowed it (what the panel's frame-ancestors say; public like them), so a refused frame is
 * never shown.
 */
export const ORIGIN_CHECK_PATH = '/embed/allowed.json';
export interface OriginCheck {
  allowed: boolean;
}

export interface WidgetApi {
  open(): void;
  close(): void;
  /** An identify token (HS256 JWT signed by the app's server), or null to sign out. */
  identify(token: string | null): void;
  openComposer(draft?: { title?: string; body?: string }): void;
  /** The launcher's language, as a language tag ("de", "pt-BR"); by default the host page's `lang`. */
  setLocale(locale: string): void;
}
