// A software WebAuthn authenticator (ECDSA P-256, "none" attestation) for integration tests: it answers the
// options the Worker builds exactly as a browser and a platform authenticator would, for any origin we name
// (a hostile one included), so the real verification code runs against real signatures.
import { createHash, webcrypto } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (bytes: Uint8Array<ArrayBuffer>) => isoBase64URL.fromBuffer(bytes);
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};
const uint32 = (value: number) =>
  new Uint8Array([(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

/** ECDSA's raw r||s as the DER sequence WebAuthn carries. */
function toDer(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
    let body = bytes.slice(start);
    if ((body[0] ?? 0) & 0x80) body = concat(new Uint8Array([0]), body);
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const sequence = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, sequence.length]), sequence);
}

export interface SoftPasskey {
  id: string;
  keys: CryptoKeyPair;
  rpId: string;
  userHandle: string;
  counter: number;
}

interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

/** Answers registration options from `origin`: a new passkey and the browser's JSON response. */
export async function register(options: Options, origin: string) {
  const keys = (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const jwk = await webcrypto.subtle.exportKey('jwk', keys.publicKey);
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(String(jwk.x))],
      [-3, isoBase64URL.toBuffer(String(jwk.y))],
    ]),
  );
  const rawId = webcrypto.getRandomValues(new Uint8Array(32));
  const rpId = String(options.rp?.id);
  const authData = concat(
    sha256(rpId),
    new Uint8Array([0x45]),
    uint32(0),
    new Uint8Array(16),
    new Uint8Array([0, rawId.length]),
    rawId,
    cose,
  );
  const clientData = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin,
    crossOrigin: false,
  });
  const attestation = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const passkey: SoftPasskey = { id: b64(rawId), keys, rpId, userHandle: String(options.user?.id ?? ''), counter: 0 };
  const response = {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64(new TextEncoder().encode(clientData)),
      attestationObject: b64(attestation),
      transports: ['internal' as const],
    },
    clientExtensionResults: {},
  };
  return { passkey, response };
}

/** Answers sign-in options from `origin` with `passkey`, its counter moved to `counter` (default: +1). */
export async function assert(passkey: SoftPasskey, options: Options, origin: string, counter = passkey.counter + 1) {
  passkey.counter = counter;
  const authData = concat(sha256(passkey.rpId), new Uint8Array([0x05]), uint32(counter));
  const clientData = new TextEncoder().encode(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
  );
  const raw = new Uint8Array(
    await webcrypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      passkey.keys.privateKey,
      concat(authData, sha256(clientData)),
    ),
  );
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64(clientData),
      authenticatorData: b64(authData),
      signature: b64(toDer(raw)),
      userHandle: passkey.userHandle,
    },
    clientExtensionResults: {},
  };
}
