/**
 * What a visitor does to a server-rendered section before its code has arrived (LazySection):
 * React leaves that markup alone until the code is in, and drops the events meant for it. So this
 * records them at the document — taps on its buttons, text typed into its fields, a submitted form
 * (held back: the browser would otherwise send it as a page load) — and plays them back once the
 * section's handlers are there.
 *
 * Recording starts before hydration does (`recordEarlyInput`, called by src/main.tsx just before
 * hydrateRoot), not when hydration reaches the section: React renders a big page in slices, and a tap
 * made between the two was lost (seen on a 2-core CI machine, and possible on any slow phone).
 *
 * Only sections that really are server markup waiting for hydration are recorded (their marker,
 * `data-lazy-section`, is followed by React's Suspense comment); a section the browser renders itself
 * has no such window.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Entry = { value: string; checked: boolean };
type Recording = { taps: HTMLButtonElement[]; typed: Map<Field, Entry>; submitted: HTMLFormElement | null };

/** The sections still waiting for their code, each with what was done to it so far. */
const waiting = new Map<Element, Recording>();

/** The element a lazy section's server markup starts with, if that markup is still dehydrated. */
function dehydratedRoot(marker: Element | null): Element | null {
  return marker?.nextSibling instanceof Comment ? marker.nextElementSibling : null;
}

function recordingFor(target: EventTarget | null): Recording | undefined {
  if (!(target instanceof Node)) return undefined;
  for (const [root, recording] of waiting) if (root.contains(target)) return recording;
  return undefined;
}

const onClick = (event: Event) => {
  const button = (event.target as Element | null)?.closest?.('button');
  // A submit button's press arrives as the form's submit event, below.
  if (!button || button.type === 'submit') return;
  recordingFor(button)?.taps.push(button);
};
const onInput = (event: Event) => {
  const field = event.target;
  if (
    !(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    )
  )
    return;
  recordingFor(field)?.typed.set(field, {
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
  });
};
const onSubmit = (event: Event) => {
  const recording = recordingFor(event.target);
  if (!recording) return;
  event.preventDefault();
  recording.submitted = event.target as HTMLFormElement;
};

function listen(on: boolean) {
  const method = on ? 'addEventListener' : 'removeEventListener';
  document[method]('click', onClick, true);
  document[method]('input', onInput, true);
  document[method]('submit', onSubmit, true);
}

function watch(root: Element) {
  if (waiting.has(root)) return;
  if (waiting.size === 0) listen(true);
  waiting.set(root, { taps: [], typed: new Map(), submitted: null });
}

/** Starts recording on every lazy section of the server's page, before hydration begins. */
export function recordEarlyInput(): void {
  for (const marker of document.querySelectorAll('[data-lazy-section]')) {
    const root = dehydratedRoot(marker);
    if (root) watch(root);
  }
}

/**
 * Called when hydration reaches the section (its code is then fetched): makes sure its markup is
 * recorded, and returns what plays the record back once the section has hydrated.
 */
export function holdEarlyInput(markerId: string): () => void {
  const root = dehydratedRoot(document.getElementById(markerId));
  if (!root) return () => {};
  watch(root);

  return () => {
    const recording = waiting.get(root);
    waiting.delete(root);
    if (waiting.size === 0) listen(false);
    if (!recording) return;
    for (const [field, entry] of recording.typed) retype(field, entry);
    for (const button of recording.taps) button.click();
    recording.submitted?.requestSubmit();
  };
}

/**
 * Hands what was typed or ticked to the hydrated field's handler. React remembers the value (or
 * checked state) it last saw on each field and reports a change only when the field differs from
 * it: set that memory to the opposite through React's own accessor, then make the change for real.
 */
function retype(field: Field, entry: Entry) {
  if (field instanceof HTMLSelectElement) {
    field.value = entry.value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.type === 'radio' && !entry.checked) return;
    field.checked = !entry.checked;
    field.click(); // toggles it back, as React hears checkboxes: by their click
    return;
  }
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setNative) return;
  field.value = '';
  setNative.call(field, entry.value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
