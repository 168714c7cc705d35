// An incoming tracker event whose signature checked out: what the Worker forwards to PocketBase's queue.
export interface VerifiedEvent {
  /** The tracker's id for this delivery (X-GitHub-Delivery, Linear-Delivery): a replay has the same one. */
  deliveryId: string;
  /** "issues.closed", "Issue.update", … */
  event: string;
  payload: unknown;
}

export type Verifier = (secret: string, rawBody: string, headers: Headers) => Promise<VerifiedEvent | null>;

/** The body as JSON, or null when it is not an object. */
export function parseObject(rawBody: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(rawBody);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
