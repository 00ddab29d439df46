import { base64url } from './doorLookup';

/**
 * Rotating ticket codes (decision 058): the holder's phone signs "this ticket, now" with a key pair
 * it made itself (WebCrypto ECDSA P-256, private key not extractable), and the QR it shows changes
 * every ROTATE_SECONDS. The door holds each ticket's public key in its downloaded list and checks the
 * signature and the time with no network; a screenshot is stale within CODE_MAX_AGE_SECONDS and no
 * other phone holds the key.
 *
 * One home for the rule: the phone signs with `signRotatingCode`, and the server (online scans and
 * uploaded offline scans, server/modules/checkin/rotating.ts) and the door device
 * (src/checkin/offline/judge.ts) both check with `checkRotatingCode`, on WebCrypto (Node has it too).
 *
 * Layout, 85 bytes → 114 base64url characters (a printed code is 130, so a QR stays as easy to scan):
 * version 2 (1 byte) | ticket id (16) | unix seconds, big-endian (4) | ECDSA P-256 / SHA-256 signature,
 * r‖s (64). The signature covers the first 21 bytes.
 */
export const ROTATING_CODE_VERSION = 2;
export const ROTATE_SECONDS = 30;
/** How far a code's time may be from the door's clock, either way (phones and doors drift). */
export const CODE_MAX_AGE_SECONDS = 60;
const PAYLOAD_BYTES = 1 + 16 + 4;
const SIGNATURE_BYTES = 64;
export const ROTATING_CODE_LENGTH = 114;

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;

export function fromBase64url(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const uuidOf = (h: string) =>
  `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

function payloadOf(ticketId: string, unixSeconds: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(PAYLOAD_BYTES);
  bytes[0] = ROTATING_CODE_VERSION;
  const id = ticketId.replaceAll('-', '');
  for (let i = 0; i < 16; i++) bytes[1 + i] = Number.parseInt(id.slice(i * 2, i * 2 + 2), 16);
  new DataView(bytes.buffer).setUint32(17, Math.floor(unixSeconds) >>> 0);
  return bytes;
}

export type RotatingCode = {
  ticketId: string;
  /** When the phone made it, unix seconds (its clock, corrected by the server's when it knew it). */
  madeAt: number;
  payload: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
};

/** A rotating code's parts when it is shaped like one (signature not checked); null otherwise. */
export function parseRotatingCode(code: string): RotatingCode | null {
  if (code.length !== ROTATING_CODE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(code)) return null;
  const bytes = fromBase64url(code);
  if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes[0] !== ROTATING_CODE_VERSION) return null;
  return {
    ticketId: uuidOf(hex(bytes.subarray(1, 17))),
    madeAt: new DataView(bytes.buffer).getUint32(17),
    payload: bytes.slice(0, PAYLOAD_BYTES),
    signature: bytes.slice(PAYLOAD_BYTES),
  };
}

/** The holder's phone: a code for this ticket at this time, signed with its own key. */
export async function signRotatingCode(
  privateKey: CryptoKey,
  ticketId: string,
  unixSeconds: number,
): Promise<string> {
  const payload = payloadOf(ticketId, unixSeconds);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, privateKey, payload));
  const code = new Uint8Array(PAYLOAD_BYTES + SIGNATURE_BYTES);
  code.set(payload);
  code.set(signature, PAYLOAD_BYTES);
  return base64url(code);
}

/** A new key pair for one ticket on this device: the private half can sign but never be read out. */
export async function makeDeviceKeyPair(): Promise<{ privateKey: CryptoKey; publicKey: string }> {
  const pair = await crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']);
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: base64url(raw) };
}

/* ---------- Public keys: sent uncompressed, kept and listed compressed ---------- */

// P-256's field prime and curve constant b (a = -3): enough to check a point and to decompress one.
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
const mod = (a: bigint) => ((a % P) + P) % P;

function powMod(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

const rightSide = (x: bigint) => mod(x * x * x - 3n * x + B);
const toBig = (bytes: Uint8Array) => BigInt(`0x${hex(bytes) || '0'}`);
function toBytes32(n: bigint): Uint8Array {
  const h = n.toString(16).padStart(64, '0');
  return Uint8Array.from({ length: 32 }, (_, i) => Number.parseInt(h.slice(i * 2, i * 2 + 2), 16));
}

/**
 * A public key as the phone exports it (raw uncompressed point, 65 bytes, base64url) in the form the
 * server keeps and the door list carries: compressed, 33 bytes → 44 characters, half the list's
 * growth per ticket. Null when it is not a point on P-256 (so nothing unusable is ever stored).
 */
export function compressPublicKey(uncompressed: string): string | null {
  if (!/^[A-Za-z0-9_-]{87}$/.test(uncompressed)) return null;
  const raw = fromBase64url(uncompressed);
  if (raw.length !== 65 || raw[0] !== 4) return null;
  const x = toBig(raw.subarray(1, 33));
  const y = toBig(raw.subarray(33));
  if (x >= P || y >= P || mod(y * y) !== rightSide(x)) return null;
  const out = new Uint8Array(33);
  out[0] = y & 1n ? 3 : 2;
  out.set(raw.subarray(1, 33), 1);
  return base64url(out);
}

/** A compressed key's JWK coordinates (y recovered: P ≡ 3 mod 4, so √a = a^((P+1)/4)); null if invalid. */
export function decompressPublicKey(compressed: string): { x: string; y: string } | null {
  if (!/^[A-Za-z0-9_-]{44}$/.test(compressed)) return null;
  const raw = fromBase64url(compressed);
  if (raw.length !== 33 || (raw[0] !== 2 && raw[0] !== 3)) return null;
  const x = toBig(raw.subarray(1));
  if (x >= P) return null;
  const ySquared = rightSide(x);
  let y = powMod(ySquared, (P + 1n) / 4n);
  if ((y * y) % P !== ySquared) return null;
  if ((y & 1n) !== BigInt(raw[0] & 1)) y = P - y;
  return { x: base64url(raw.subarray(1)), y: base64url(toBytes32(y)) };
}

/** A compressed public key ready to verify with; null when it is not one. */
export async function importDeviceKey(compressed: string): Promise<CryptoKey | null> {
  const point = decompressPublicKey(compressed);
  if (!point) return null;
  try {
    const jwk = { kty: 'EC', crv: 'P-256', ...point, ext: true };
    return await crypto.subtle.importKey('jwk', jwk, ECDSA, false, ['verify']);
  } catch {
    return null;
  }
}

/* ---------- The check, at the door and on the server ---------- */

/**
 * What a rotating code proves, as the door verdict reads it (contract/doorVerdict.ts):
 * - `fresh`: signed by the key bound to its ticket and made within CODE_MAX_AGE_SECONDS of `now`;
 * - `stale`: signed by that key but older (or further ahead) than that: a screenshot, or a phone
 *   whose page stopped updating;
 * - `wrong_key`: the ticket has a key and this code's signature does not check with it (another
 *   phone, a forged or damaged code);
 * - `no_key`: the ticket has no key on this side (none bound yet when the list was downloaded, or it
 *   was moved to a new phone since): nothing to check it with.
 */
export type RotatingCheck =
  | { ok: true; ticketId: string; madeAt: number }
  | { ok: false; ticketId: string; problem: 'stale' | 'wrong_key' | 'no_key' };

export async function checkRotatingCode(
  code: RotatingCode,
  /** The ticket's compressed public key as this side knows it, or null. */
  key: string | null | undefined,
  /** The judging clock, ms (the door's own; the server's, or an uploaded scan's time). */
  nowMs: number,
): Promise<RotatingCheck> {
  const { ticketId } = code;
  if (!key) return { ok: false, ticketId, problem: 'no_key' };
  const publicKey = await importDeviceKey(key);
  if (!publicKey) return { ok: false, ticketId, problem: 'wrong_key' };
  let valid = false;
  try {
    valid = await crypto.subtle.verify(SIGN, publicKey, code.signature, code.payload);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, ticketId, problem: 'wrong_key' };
  if (Math.abs(nowMs / 1000 - code.madeAt) > CODE_MAX_AGE_SECONDS)
    return { ok: false, ticketId, problem: 'stale' };
  return { ok: true, ticketId, madeAt: code.madeAt };
}
