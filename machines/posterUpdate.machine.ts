import { assign, fromPromise, setup } from 'xstate';
import { messageOr } from './lib/form';

/**
 * The management Appearance tab: choose an image (previewed locally), Save uploads it and
 * says 'Image Updated'; nothing chosen says 'Please select an image first!'.
 */
export const posterUpdateMachine = setup({
  types: {
    context: {} as { image: { file: unknown; previewUrl: string } | null; message: string | null },
    events: {} as
      | { type: 'image.select'; file: unknown; previewUrl: string }
      | { type: 'image.reject'; reason: string }
      | { type: 'image.submit' },
  },
  actors: {
    uploadImage: fromPromise<unknown, { file: unknown }>(async () => {
      throw new Error('uploadImage actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; text: string }) => {},
    refresh: () => {},
  },
  guards: { hasImage: ({ context }) => context.image !== null },
}).createMachine({
  id: 'posterUpdate',
  context: { image: null, message: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'image.select': {
          actions: assign(({ event }) => ({
            image: { file: event.file, previewUrl: event.previewUrl },
            message: null,
          })),
        },
        'image.reject': { actions: assign(({ event }) => ({ message: event.reason })) },
        'image.submit': [
          { guard: 'hasImage', target: 'uploading', actions: assign({ message: null }) },
          { actions: assign({ message: 'Please select an image first!' }) },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'uploadImage',
        src: 'uploadImage',
        // Stryker disable next-line OptionalChaining: `hasImage` lets only a chosen image start the upload
        input: ({ context }) => ({ file: context.image?.file }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ image: null }),
            { type: 'notify', params: { tone: 'success', text: 'Image Updated' } },
            'refresh',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({
            message: `Error: ${messageOr(event.error, 'Failed to upload image.')}`,
          })),
        },
      },
    },
  },
});
