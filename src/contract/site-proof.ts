// The site proof's terms, written once for both runtimes (no imports): the Worker signs a short HS256 JWT for
// routes only it may call, with a key derived per purpose from CHORUS_PROXY_SECRET; PocketBase checks it.
// Each runtime computes the HMACs with its own crypto (src/lib/site-proof.ts, pb_hooks/platform/site-proof.js).

/** What a proof may be for: each purpose has its own key and audience, so a proof is good for one. */
export const PROOF_PURPOSES = ['passkeys', 'trackers', 'email', 'audience'] as const;
export type ProofPurpose = (typeof PROOF_PURPOSES)[number];

/** The text whose HMAC under CHORUS_PROXY_SECRET is the purpose's signing key (hex). */
export const proofKeyLabel = (purpose: ProofPurpose) => `chorus-${purpose}-proof`;
/** The proof's `aud` claim. */
export const proofAudience = (purpose: ProofPurpose) => `chorus-${purpose}`;
/** A proof's life as the Worker signs it, and the longest PocketBase accepts (clock skew between the two). */
export const PROOF_LIFETIME_SECONDS = 60;
export const PROOF_MAX_SECONDS = 120;
