/**
 * True when the request's If-None-Match names `etag` (or `*`), i.e. the client's copy is current
 * and a 304 without a body will do. Weak and strong forms compare equal: our bodies are the same
 * bytes whatever the encoding they travel in.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
