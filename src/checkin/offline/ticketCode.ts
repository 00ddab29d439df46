import { verifyAsync } from '@noble/ed25519';

/**
 * Reading a signed ticket code on the device, with no network (decision 016). The layout is the one the
 * server signs (server/modules/issued-tickets/signing.ts): version (1 byte) | ticket id (16) |
 * event id prefix (8) | ticket type id prefix (8) | Ed25519 signature (64), as base64url.
 */

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 8 + 8;
const SIGNATURE_BYTES = 64;

export type ParsedCode = {
  ticketId: string;
  eventPrefix: string;
  ticketTypePrefix: string;
  payload: Uint8Array<ArrayBuffer>;
  signature: Uint8Array<ArrayBuffer>;
};

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const b64 = value.replaceAll('-', '+').replaceAll('_', '/');
  const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function toUuid(bytes: Uint8Array): string {
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The parts of a code, or null when it is not shaped like one of ours (signature not yet checked). */
export function parseTicketCode(code: string): ParsedCode | null {
  if (!/^[A-Za-z0-9_-]{120,140}$/.test(code)) return null;
  const bytes = base64urlToBytes(code);
  if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes[0] !== VERSION) return null;
  return {
    ticketId: toUuid(bytes.subarray(1, 17)),
    eventPrefix: hex(bytes.subarray(17, 25)),
    ticketTypePrefix: hex(bytes.subarray(25, 33)),
    payload: bytes.slice(0, PAYLOAD_BYTES),
    signature: bytes.slice(PAYLOAD_BYTES),
  };
}

/** The first 8 bytes of a UUID as hex: what a code carries of its event and ticket type. */
export const uuidPrefix = (id: string) => id.replaceAll('-', '').slice(0, 16).toLowerCase();

export type Verifier = (
  payload: Uint8Array<ArrayBuffer>,
  signature: Uint8Array<ArrayBuffer>,
) => Promise<boolean>;

/**
 * A verifier for the server's public key (JWK `x`, base64url of the 32 raw bytes). WebCrypto's
 * Ed25519 where the browser has it (Chromium 113+, Firefox 129+, Safari 17+), else @noble/ed25519,
 * which needs only SHA-512 from WebCrypto (every browser in a secure context has that).
 */
export async function createVerifier(
  jwkX: string,
  options: { preferWebCrypto?: boolean } = {},
): Promise<Verifier> {
  const raw = base64urlToBytes(jwkX);
  if (options.preferWebCrypto !== false) {
    try {
      const key = await crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
      return async (payload, signature) => {
        try {
          return await crypto.subtle.verify({ name: 'Ed25519' }, key, signature, payload);
        } catch {
          return false;
        }
      };
    } catch {
      // No Ed25519 in this browser's WebCrypto: the audited pure-JS implementation below.
    }
  }
  return async (payload, signature) => {
    try {
      return await verifyAsync(signature, payload, raw);
    } catch {
      return false;
    }
  };
}
