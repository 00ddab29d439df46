// Bundled by bench/live-codes.ts into the benchmark page: the door's offline judge and the phone's
// signing, exactly as the app ships them.
import { compressPublicKey, makeDeviceKeyPair, signRotatingCode } from '../contract/rotatingCode';
import { judgeCode } from '../src/checkin/offline/judge';
import { createVerifier } from '../src/checkin/offline/ticketCode';

Object.assign(globalThis, {
  bench: { judgeCode, createVerifier, makeDeviceKeyPair, signRotatingCode, compressPublicKey },
});
