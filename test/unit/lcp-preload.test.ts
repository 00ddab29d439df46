import { describe, expect, it } from 'vitest';
import { withLcpImagePreload } from '../../server/http/lcpPreload';

const head = `<head><meta charset="UTF-8" /><title>x</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/a.js"></head>`;

describe('the LCP image preload of a rendered page', () => {
  it('preloads the high-priority image from the head, before the first script, with its srcset and sizes', () => {
    const body = `<body><div id="root"><img class="c" src="/p.webp?w=960" srcSet="/p.webp?w=480 480w, /p.webp?w=960 960w" sizes="95vw" fetchPriority="high" width="1200" alt=""/></div></body>`;
    const out = withLcpImagePreload(`<html>${head}${body}</html>`);
    const link =
      '<link rel="preload" as="image" href="/p.webp?w=960" imagesrcset="/p.webp?w=480 480w, /p.webp?w=960 960w" imagesizes="95vw" fetchpriority="high">';
    expect(out).toContain(link);
    expect(out.indexOf(link)).toBeLessThan(out.indexOf('<script type="module"'));
    expect(out.replace(link, '')).toBe(`<html>${head}${body}</html>`);
  });

  it('keeps escaped attribute values escaped', () => {
    const body = `<body><img src="/p.webp?w=960&amp;x=&quot;y" fetchpriority="high"></body>`;
    expect(withLcpImagePreload(`<html>${head}${body}</html>`)).toContain(
      'href="/p.webp?w=960&amp;x=&quot;y" fetchpriority="high">',
    );
  });

  it('leaves a page without a high-priority image as it is', () => {
    const html = `<html>${head}<body><img src="/a.webp" loading="lazy"></body></html>`;
    expect(withLcpImagePreload(html)).toBe(html);
  });
});
