// Ideas by email, the terms both runtimes and the local listener share (no imports): the largest message taken
// (Cloudflare's Email Worker, the local SMTP listener and PocketBase's route each refuse more, unread).

/** A message over this many bytes is refused: five 5 MB images of an idea, base64-encoded, and some words. */
export const INBOUND_MAX_BYTES = 10 * 1024 * 1024;
/** The largest body the inbound route reads: the largest message base64-encoded (4/3), and the proof. */
export const INBOUND_BODY_MAX_BYTES = Math.ceil(INBOUND_MAX_BYTES / 3) * 4 + 64 * 1024;
/** The route the Worker (and locally the SMTP listener) hands each raw message to, with an "email" site proof. */
export const INBOUND_ROUTE = '/api/chorus/inbound-email';
