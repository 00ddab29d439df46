/**
 * The image a rendered page marks as its largest paint (`fetchpriority="high"`: the event's poster,
 * the listing's first card) is preloaded from the head, ahead of the scripts: the browser asks for
 * it before the module scripts take the connections, instead of after the inline CSS and the page
 * body have been parsed (the poster is the largest paint of an event page: decision 018, amendment 2).
 *
 * The attributes are copied from React's own output, where they are already HTML-escaped.
 */
// React writes the attributes as named in JSX (`fetchPriority`, `srcSet`): HTML names are not case-sensitive.
const HIGH_PRIORITY_IMG = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
}

export function withLcpImagePreload(html: string): string {
  const img = HIGH_PRIORITY_IMG.exec(html)?.[0];
  const src = img && attribute(img, 'src');
  if (!img || !src) return html;
  const srcset = attribute(img, 'srcset');
  const sizes = attribute(img, 'sizes');
  const link = [
    `<link rel="preload" as="image" href="${src}"`,
    srcset ? ` imagesrcset="${srcset}"` : '',
    sizes ? ` imagesizes="${sizes}"` : '',
    ' fetchpriority="high">',
  ].join('');
  // Before the first script or preload of the head, so it is the first subresource asked for.
  const at = html.search(/<script\b|<link rel="modulepreload"/i);
  const headEnd = html.indexOf('</head>');
  if (at === -1 || headEnd === -1 || at > headEnd) return html.replace('</head>', () => `${link}</head>`);
  return `${html.slice(0, at)}${link}${html.slice(at)}`;
}
