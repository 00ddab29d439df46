import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { posterUpdateMachine } from '../../machines/posterUpdate.machine';
import { expectFullCoverage, flowModel, httpError, networkError, runPath } from '../helpers/machineModel';

const events = [
  { type: 'image.select', file: { name: 'poster.png' }, previewUrl: 'blob:poster' },
  { type: 'image.reject', reason: 'Only image files can be uploaded.' },
  { type: 'image.submit' },
  { type: 'xstate.done.actor.uploadImage', output: { image: '/api/images/p.webp' } },
  { type: 'xstate.error.actor.uploadImage', error: httpError(415, 'The file is not an image.') },
  { type: 'xstate.error.actor.uploadImage', error: networkError() },
];

type Ev = { type: string; file?: unknown; previewUrl?: string; reason?: string; error?: unknown };

/** What the tab must do, from its spec (chosen image previewed; Save uploads it), not from the machine. */
function expectedTab() {
  const t = {
    state: 'idle' as 'idle' | 'uploading',
    image: null as { file: unknown; previewUrl: string } | null,
    message: null as string | null,
    notices: [] as string[],
  };
  const apply = (e: Ev) => {
    if (t.state === 'idle' && e.type === 'image.select') {
      t.image = { file: e.file, previewUrl: e.previewUrl ?? '' };
      t.message = null;
    } else if (t.state === 'idle' && e.type === 'image.reject') t.message = e.reason ?? '';
    else if (t.state === 'idle' && e.type === 'image.submit') {
      if (t.image) {
        t.state = 'uploading';
        t.message = null;
      } else t.message = 'Please select an image first!';
    } else if (t.state === 'uploading' && e.type === 'xstate.done.actor.uploadImage') {
      // Saved: the preview goes, the page says so.
      t.state = 'idle';
      t.image = null;
      t.notices.push('success: Image Updated');
    } else if (t.state === 'uploading' && e.type === 'xstate.error.actor.uploadImage') {
      // Failed: the chosen image stays for another try.
      t.state = 'idle';
      const server = (e.error as { serverMessage?: string | null }).serverMessage;
      t.message = `Error: ${server ?? 'Failed to upload image.'}`;
    }
  };
  return { t, apply };
}

type Snap = SnapshotFrom<typeof posterUpdateMachine>;
const key = (s: Snap) => [s.context.image?.previewUrl ?? null, s.context.message];

const paths = flowModel(posterUpdateMachine, { events, key }).getShortestPaths();

beforeEach(() => {
  vi.useFakeTimers();
});

describe('poster update paths', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const notices: string[] = [];
    let refreshes = 0;
    let uploads = 0;
    const expected = expectedTab();
    let step = 0;
    await runPath(path, {
      machine: posterUpdateMachine.provide({
        actions: {
          notify: (_, n) => void notices.push(`${n.tone}: ${n.text}`),
          refresh: () => void refreshes++,
        },
      }),
      actorNames: ['uploadImage'],
      view: key,
      check: (real, _m, calls) => {
        const event = path.steps[step++]?.event as Ev;
        if (event.type !== 'xstate.init') expected.apply(event);
        expect(real.value).toBe(expected.t.state);
        expect(real.context).toEqual({ image: expected.t.image, message: expected.t.message });
        expect(notices).toEqual(expected.t.notices);
        // Each upload sends the chosen file, and only a chosen file can start one.
        if (real.matches('uploading') && calls.uploadImage?.length !== uploads) {
          uploads = calls.uploadImage?.length ?? 0;
          expect(calls.uploadImage?.at(-1)).toEqual({ file: { name: 'poster.png' } });
        }
        // Success is announced and refreshes the page once per finished upload, never otherwise.
        expect(notices.length).toBe(refreshes);
        for (const n of notices) expect(n).toBe('success: Image Updated');
        if (real.context.message?.startsWith('Error')) expect(notices.length).toBeLessThan(uploads);
      },
    });
  });
});

describe('poster update coverage and rules', () => {
  it('covers every state and transition', () => expectFullCoverage(posterUpdateMachine, paths));

  it('reaches the messages the spec names', () => {
    const messages = new Set(paths.flatMap((p) => p.steps.map((s) => s.state.context.message)));
    expect(messages).toEqual(
      new Set([
        null,
        'Please select an image first!',
        'Only image files can be uploaded.',
        'Error: The file is not an image.',
        'Error: Failed to upload image.',
      ]),
    );
  });
});
