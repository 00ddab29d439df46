import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signingKeys } from '../../db/schema';

/**
 * Ticket codes are signed by the server with Ed25519, so a door scanner holding only the public key
 * can tell a real ticket from a forged one, offline. The code is compact for a QR a cheap phone reads
 * easily: version (1 byte) | ticket id (16) | event id prefix (8) | ticket type id prefix (8) |
 * signature (64) = 97 bytes → 130 base64url characters. The ticket id is random (UUIDv4), so a code
 * cannot be guessed even before the signature is checked.
 */

const VERSION = 1;
const PAYLOAD_BYTES = 1 + 16 + 8 + 8;
const SIGNATURE_BYTES = 64;
const KEY_NAME = 'tickets';

export type TicketSigner = {
  publicKey: KeyObject;
  sign(ticket: { id: string; eventId: string; ticketTypeId: string }): string;
  /** The ticket id a code carries, when its signature is ours; null otherwise. */
  verify(code: string): { ticketId: string; eventPrefix: string; ticketTypePrefix: string } | null;
  /**
   * A 32-byte secret for one purpose (e.g. the waiting room's HMAC passes), derived from the private
   * key with HKDF: every process holding the key derives the same secret, nothing more is stored, and
   * a secret for one purpose tells nothing about the key or another purpose's secret.
   */
  secretFor(purpose: string): Buffer;
};

const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

function bytesToUuid(bytes: Buffer): string {
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function createSigner(privateKey: KeyObject): TicketSigner {
  const publicKey = createPublicKey(privateKey);
  return {
    publicKey,
    sign(ticket) {
      const payload = Buffer.concat([
        Buffer.from([VERSION]),
        uuidBytes(ticket.id),
        uuidBytes(ticket.eventId).subarray(0, 8),
        uuidBytes(ticket.ticketTypeId).subarray(0, 8),
      ]);
      return Buffer.concat([payload, sign(null, payload, privateKey)]).toString('base64url');
    },
    verify(code) {
      if (!/^[A-Za-z0-9_-]{120,140}$/.test(code)) return null;
      const bytes = Buffer.from(code, 'base64url');
      if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES || bytes[0] !== VERSION) return null;
      const payload = bytes.subarray(0, PAYLOAD_BYTES);
      if (!verify(null, payload, publicKey, bytes.subarray(PAYLOAD_BYTES))) return null;
      return {
        ticketId: bytesToUuid(payload.subarray(1, 17)),
        eventPrefix: payload.subarray(17, 25).toString('hex'),
        ticketTypePrefix: payload.subarray(25, 33).toString('hex'),
      };
    },
    secretFor(purpose) {
      const ikm = privateKey.export({ type: 'pkcs8', format: 'der' });
      return Buffer.from(hkdfSync('sha256', ikm, 'gatepass', purpose, 32));
    },
  };
}

function parsePrivateKey(value: string): KeyObject {
  const pem = value.includes('BEGIN') ? value : Buffer.from(value, 'base64').toString('utf8');
  const key = createPrivateKey(pem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('TICKET_SIGNING_KEY must be an Ed25519 private key');
  return key;
}

/**
 * The key pair: TICKET_SIGNING_KEY when set; otherwise made once and kept in the database. Several
 * processes starting together agree on one key: the first insert wins and everyone reads it back.
 */
export async function loadTicketSigner(
  db: Database,
  configuredKey: string | undefined,
): Promise<TicketSigner> {
  if (configuredKey) return createSigner(parsePrivateKey(configuredKey));
  const existing = async () =>
    (await db.select().from(signingKeys).where(eq(signingKeys.name, KEY_NAME)).limit(1))[0];
  let row = await existing();
  if (!row) {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    await db
      .insert(signingKeys)
      .values({
        name: KEY_NAME,
        privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKeyDer: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      })
      .onConflictDoNothing();
    row = await existing();
  }
  if (!row) throw new Error('ticket signing key could not be stored');
  return createSigner(createPrivateKey(row.privateKeyPem));
}

export function publicKeyForScanners(signer: TicketSigner) {
  const jwk = signer.publicKey.export({ format: 'jwk' });
  return {
    algorithm: 'Ed25519' as const,
    publicKey: signer.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    jwk: { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x) },
  };
}
