import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { faqMachine } from '../../machines/faq.machine';
import { everyTransition } from '../helpers/machineModel';
import { machineShape } from '../helpers/machineShape';

type FaqEvent = { type: 'item.toggle'; id: string } | { type: 'faq.dismiss' };

const events: FaqEvent[] = [
  { type: 'item.toggle', id: 'booking' },
  { type: 'item.toggle', id: 'refunds' },
  { type: 'item.toggle', id: 'fees' },
  { type: 'faq.dismiss' },
];

// biome-ignore lint/suspicious/noExplicitAny: snapshot of this machine.
const serialize = (s: any) => `${s.value}:${s.context.openId}`;
const model = createTestModel(faqMachine, { events, serializeState: serialize });

/** The rule in plain words, as an oracle independent of the machine. */
function expectedOpen(before: string | null, event: FaqEvent): string | null {
  if (event.type === 'faq.dismiss') return null;
  return before === event.id ? null : event.id;
}

describe('FAQ machine (model-based)', () => {
  const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];

  it('starts with every answer closed', () => {
    const actor = createActor(faqMachine).start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.openId).toBeNull();
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const actor = createActor(faqMachine).start();
    let open: string | null = null;
    const step = ({ event }: { event: unknown }) => {
      const e = event as FaqEvent;
      open = expectedOpen(open, e);
      actor.send(e);
      expect(actor.getSnapshot().context.openId).toBe(open);
    };
    await path.test({
      states: {
        closed: () => expect(actor.getSnapshot().context.openId).toBeNull(),
        open: (snapshot) => {
          expect(actor.getSnapshot().value).toBe('open');
          expect(actor.getSnapshot().context.openId).toBe(snapshot.context.openId);
        },
      },
      events: { 'item.toggle': step, 'faq.dismiss': step },
    });
  });

  const { cases, states } = everyTransition(faqMachine, model, events, serialize);

  it('reaches every state: closed, and open on each question', () => {
    expect(states.sort()).toEqual(['closed:null', 'open:booking', 'open:fees', 'open:refunds']);
  });

  // Every event from every state: the open one closes, another replaces it, dismiss closes.
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const actor = createActor(faqMachine).start();
    let open: string | null = null;
    for (const e of c.steps) {
      open = expectedOpen(open, e);
      actor.send(e);
    }
    expect(serialize(actor.getSnapshot())).toBe(c.from);
    actor.send(c.event);
    const expected = expectedOpen(open, c.event);
    expect(actor.getSnapshot().context.openId).toBe(expected);
    expect(actor.getSnapshot().value).toBe(expected === null ? 'closed' : 'open');
  });
});

// None open or exactly one: a toggle opens a question (another one replaces it), the open one's
// toggle or a dismiss closes it.
it('has the shape of the FAQ', () =>
  expect(machineShape(faqMachine)).toEqual([
    'state faq.closed',
    'state faq.open',
    'faq.closed --item.toggle--> faq.open []',
    'faq.open --faq.dismiss--> faq.closed []',
    'faq.open --item.toggle--> faq.closed [isOpenItem]',
    'faq.open --item.toggle--> faq.open []',
  ]));
