import { createHash, randomBytes } from 'node:crypto';
import { LOOKUP_HASH_BYTES, type LookupKey, lookupInput } from '../../../contract/doorLookup';

/**
 * The door list's look-up hashes, made on the server (decision 049). Same bytes as the device's
 * WebCrypto `lookupHash` in contract/doorLookup.ts (test/unit/door-lookup.test.ts checks they agree),
 * computed with node:crypto because a list of thousands of tickets needs four hashes each, every
 * time a door device syncs.
 */
export const newLookupSalt = () => randomBytes(16).toString('base64url');

export const lookupHashSync = (salt: string, key: LookupKey) =>
  createHash('sha256')
    .update(lookupInput(salt, key))
    .digest()
    .subarray(0, LOOKUP_HASH_BYTES)
    .toString('base64url');
