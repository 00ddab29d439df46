import sharp from 'sharp';

/** Colours and a motif per sample poster, drawn as SVG so no image has to be downloaded. */
export type PosterStyle = {
  from: string;
  to: string;
  accent: string;
  motif: 'waves' | 'circles' | 'grid' | 'rays' | 'stripes' | 'dots';
};

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

function motif(style: PosterStyle): string {
  const a = style.accent;
  switch (style.motif) {
    case 'waves':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M0 ${420 + i * 40} Q 300 ${340 + i * 40} 600 ${420 + i * 40} T 1200 ${420 + i * 40}" stroke="${a}" stroke-width="10" fill="none" opacity="${0.5 - i * 0.1}"/>`,
        )
        .join('');
    case 'circles':
      return `<circle cx="930" cy="210" r="190" fill="${a}" opacity="0.35"/><circle cx="1040" cy="120" r="90" fill="#fff" opacity="0.18"/><circle cx="780" cy="380" r="60" fill="${a}" opacity="0.5"/>`;
    case 'grid':
      return Array.from(
        { length: 8 },
        (_, i) =>
          `<line x1="${620 + i * 70}" y1="0" x2="${620 + i * 70}" y2="750" stroke="${a}" stroke-width="3" opacity="0.35"/><line x1="600" y1="${i * 90}" x2="1200" y2="${i * 90}" stroke="${a}" stroke-width="3" opacity="0.35"/>`,
      ).join('');
    case 'rays':
      return `${Array.from({ length: 12 }, (_, i) => {
        const angle = (i * Math.PI) / 12;
        return `<line x1="960" y1="220" x2="${960 + Math.cos(angle) * 600}" y2="${220 - Math.sin(angle) * 600}" stroke="${a}" stroke-width="14" opacity="0.3"/>`;
      }).join('')}<circle cx="960" cy="220" r="110" fill="${a}" opacity="0.8"/>`;
    case 'stripes':
      return Array.from(
        { length: 6 },
        (_, i) =>
          `<rect x="${680 + i * 90}" y="-40" width="40" height="900" fill="${a}" opacity="0.3" transform="rotate(18 900 375)"/>`,
      ).join('');
    case 'dots':
      return Array.from(
        { length: 36 },
        (_, i) =>
          `<circle cx="${700 + (i % 6) * 80}" cy="${80 + Math.floor(i / 6) * 80}" r="${10 + ((i * 7) % 14)}" fill="${a}" opacity="0.45"/>`,
      ).join('');
  }
}

/** Renders a 1200×750 poster with the event's name and a tagline, as WebP. */
export async function renderPoster(title: string, tagline: string, style: PosterStyle): Promise<Buffer> {
  // DejaVu Sans Bold is ~0.62 em per character: shrink long titles so they fit the 1070 px line.
  const titleSize = Math.min(76, Math.floor(1070 / (title.length * 0.62)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750" viewBox="0 0 1200 750">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.from}"/><stop offset="1" stop-color="${style.to}"/></linearGradient></defs>
  <rect width="1200" height="750" fill="url(#bg)"/>
  ${motif(style)}
  <rect x="0" y="470" width="1200" height="280" fill="#000" opacity="0.28"/>
  <text x="64" y="590" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="${titleSize}" fill="#fff">${escapeXml(title)}</text>
  <text x="66" y="660" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="36" fill="#fff" opacity="0.9">${escapeXml(tagline)}</text>
  <text x="66" y="90" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="30" letter-spacing="6" fill="#fff" opacity="0.85">GATEPASS</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
