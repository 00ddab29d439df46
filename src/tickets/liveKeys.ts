import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { compressPublicKey, makeDeviceKeyPair, signRotatingCode } from '../../contract/rotatingCode';
import type { PhoneKey } from '../../machines/liveCode.machine';

/**
 * This phone's keys for its tickets' live codes (decision 058), in IndexedDB through `idb`. The
 * private key is a non-extractable CryptoKey: the browser stores and uses it, but no script (ours
 * included) can read it out, so a copied page or a backup of storage cannot sign for the ticket.
 */
interface KeysDb extends DBSchema {
  keys: {
    key: string;
    value: { ticketId: string; privateKey: CryptoKey; publicKey: string; createdAt: string };
  };
}

let opened: Promise<IDBPDatabase<KeysDb>> | null = null;
const db = () => {
  opened ??= openDB<KeysDb>('gatepass-ticket-keys', 1, {
    upgrade(database) {
      database.createObjectStore('keys', { keyPath: 'ticketId' });
    },
  });
  return opened;
};

/** The phone's key for a ticket, made and stored the first time; null when this browser cannot. */
export async function phoneKeyFor(ticketId: string): Promise<PhoneKey | null> {
  if (typeof indexedDB === 'undefined' || !globalThis.crypto?.subtle) return null;
  const database = await db();
  let stored = await database.get('keys', ticketId);
  if (!stored) {
    const made = await makeDeviceKeyPair();
    stored = { ticketId, ...made, createdAt: new Date().toISOString() };
    await database.put('keys', stored);
  }
  const compressed = compressPublicKey(stored.publicKey);
  return compressed ? { publicKey: stored.publicKey, compressed } : null;
}

/** A live code for the ticket, now, signed with this phone's key. */
export async function signLiveCode(ticketId: string): Promise<{ code: string; madeAt: number }> {
  const stored = await (await db()).get('keys', ticketId);
  if (!stored) throw new Error('No key for this ticket on this phone.');
  const madeAt = Date.now();
  return { code: await signRotatingCode(stored.privateKey, ticketId, madeAt / 1000), madeAt };
}
