/** Public URL of a stored image; the image route serves it as WebP at `?w=` width. */
export function imageUrl(key: string | null): string | null {
  return key ? `/api/images/${key}` : null;
}
