/** Poster URL at a width the layout needs; the server re-encodes to WebP at that width. */
export function posterSrc(image: string | null, width: number): string | null {
  return image ? `${image}?w=${width}` : null;
}

export function posterSrcSet(image: string | null, widths: number[]): string | undefined {
  return image ? widths.map((w) => `${image}?w=${w} ${w}w`).join(', ') : undefined;
}
