import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/http/acceptEncoding';

describe('preferredEncoding (the read cache picks its precompressed copy with it)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0', null],
    ['*', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR, GZIP', 'br'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
  ] as const)('%s → %s', (header, expected) => {
    expect(preferredEncoding(header, undefined)).toBe(expected);
  });

  it('x-no-compression asks for identity whatever Accept-Encoding says', () => {
    expect(preferredEncoding('br, gzip', '1')).toBeNull();
  });
});
