import { describe, expect, it } from 'vitest';
import { deferEntryUntilPainted } from '../../server/http/deferHydration';

describe('the entry of a rendered page starts after its first paint', () => {
  const page = `<head><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/x.js"></head><body></body>`;

  it('is preloaded at once and imported by a script carrying the response nonce', () => {
    const out = deferEntryUntilPainted(page, 'n0nce');
    expect(out).not.toContain('type="module"');
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    const script = /<script nonce="n0nce">([^<]*)<\/script>/.exec(out)?.[1] ?? '';
    expect(script).toContain('import("/assets/index-abc.js")');
    expect(script).toContain("addEventListener('DOMContentLoaded'");
  });

  it('leaves a page without the entry script alone', () => {
    const shell = '<head></head><body></body>';
    expect(deferEntryUntilPainted(shell, 'n')).toBe(shell);
  });
});
