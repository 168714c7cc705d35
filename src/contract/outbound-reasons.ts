// Why an outbound request (a webhook delivery, a tracker call) did not succeed, written once for both runtimes (no
// imports): pb_hooks/platform/outbound/outbound.js answers with one of these, the delivery and tracker logs keep nothing else, and
// the admin's delivery log and the pause email show each in the reader's language (adminWebhooks.reason_*).
export const OUTBOUND_REASONS = [
  // not http(s), user info, or not a URL read one way only
  'refused_url',
  // the host is (or its name resolves to) an address that is not public
  'refused_address',
  // the name has no address
  'unresolved',
  // this host lacks curl or getent: nothing is sent
  'unavailable',
  'connect_failed',
  'timeout',
  'tls_failed',
  'too_large',
  // a 3xx: redirects are never followed
  'redirect_refused',
  'http_4xx',
  'http_5xx',
  // anything else (an empty answer, a reset connection)
  'failed',
] as const;
export type OutboundReason = (typeof OUTBOUND_REASONS)[number];

export function isOutboundReason(text: string): text is OutboundReason {
  return (OUTBOUND_REASONS as readonly string[]).includes(text);
}
