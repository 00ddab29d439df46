/** The encodings we compress dynamic bodies in, best first (the order @fastify/compress is given). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Which of our encodings a request's Accept-Encoding asks for, or null for identity: the highest
 * q-value wins, ties go to brotli. As @fastify/compress reads the header: `*` and `x-gzip` count as
 * gzip, and `x-no-compression` asks for identity. Used where a body is compressed ahead of time (the
 * read cache) instead of by the plugin per reply.
 */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  noCompression: string | string[] | undefined,
): Encoding | null {
  if (!acceptEncoding || noCompression !== undefined) return null;
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim();
    if (name === '*' || name === 'x-gzip') name = 'gzip';
    if (name !== 'br' && name !== 'gzip') continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim() === 'q') q = Number(value);
    }
    if (!(q > 0)) continue;
    if (q > bestQ || (q === bestQ && name === 'br')) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}
