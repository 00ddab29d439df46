/**
 * What a visitor does to a server-rendered section before its code has arrived (LazySection):
 * React leaves that markup alone until the code is in, and drops the events meant for it. So, from
 * the moment the page hydrates until the section has, this records them at the document — taps on
 * its buttons, text typed into its fields, a submitted form (held back: the browser would otherwise
 * send it as a page load) — and plays them back once the section's handlers are there.
 *
 * Armed only when the section really is server markup waiting for hydration (the marker is followed
 * by React's Suspense comment); a section the browser renders itself has no such window.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Entry = { value: string; checked: boolean };

export function holdEarlyInput(markerId: string): () => void {
  const marker = document.getElementById(markerId);
  const root = marker?.nextSibling instanceof Comment ? marker.nextElementSibling : null;
  if (!root) return () => {};

  const taps: HTMLButtonElement[] = [];
  const typed = new Map<Field, Entry>();
  let submitted: HTMLFormElement | null = null;

  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button');
    // A submit button's press arrives as the form's submit event, below.
    if (button && root.contains(button) && button.type !== 'submit') taps.push(button);
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (
      (field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement) &&
      root.contains(field)
    )
      typed.set(field, { value: field.value, checked: field instanceof HTMLInputElement && field.checked });
  };
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    submitted = event.target;
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('submit', onSubmit, true);

  return () => {
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('input', onInput, true);
    document.removeEventListener('submit', onSubmit, true);
    for (const [field, entry] of typed) retype(field, entry);
    for (const button of taps) button.click();
    (submitted as HTMLFormElement | null)?.requestSubmit();
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
