/**
 * A rendered page starts its app only after the browser has painted it (issue 10). The entry
 * module is still fetched at once (a modulepreload), but run from an inline script after the first
 * frame: otherwise, when the script is already there (a cached repeat visit, a fast network), the
 * browser parses the page, runs the whole app and hydrates it before it paints anything, and on a
 * slow phone that is the difference between seeing the event at once and after a second.
 *
 * It waits for the document to be parsed, as a module script does, then requestAnimationFrame
 * (just before a paint) and a timeout set from it (just after). A hidden tab gets no frames: the
 * fallback timeout starts the app anyway.
 */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

export function deferEntryUntilPainted(html: string, nonce: string): string {
  return html.replace(ENTRY_SCRIPT, (_, src: string) => {
    // After the whole document is parsed, as a module script would run (hydration needs all of the
    // page and the router's state at its end), then after the next frame.
    const start = `(()=>{let go=()=>{go=()=>{};import(${JSON.stringify(src)})};addEventListener('DOMContentLoaded',()=>{requestAnimationFrame(()=>setTimeout(()=>go()));setTimeout(()=>go(),500)})})()`;
    return `<link rel="modulepreload" crossorigin href="${src}"><script nonce="${nonce}">${start}</script>`;
  });
}
