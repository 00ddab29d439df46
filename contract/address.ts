/**
 * An address line from its parts (venue, state, country), the one place one is put together for the
 * pages, the ticket mail and the PDF. Organisers often type the city into the venue already
 * ("12 Allen Ave, Ikeja, Lagos") and then pick the state "Lagos": a comma-separated piece already
 * said (compared without case or spaces) is not said again.
 */
export function addressLine(parts: readonly (string | null | undefined)[]): string {
  const said = new Set<string>();
  const pieces: string[] = [];
  for (const part of parts) {
    for (const raw of (part ?? '').split(',')) {
      const piece = raw.trim();
      const key = piece.toLowerCase().replace(/\s+/g, ' ');
      if (!piece || said.has(key)) continue;
      said.add(key);
      pieces.push(piece);
    }
  }
  return pieces.join(', ');
}
