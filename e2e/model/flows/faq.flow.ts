import { expect } from '@playwright/test';
import { faqMachine } from '../../../machines/faq.machine';
import type { UiFlow } from '../harness';

/**
 * The FAQ accordion on the home page. Two of the five questions are enough to reach every state
 * and transition (open one, open another instead, close the open one); all five are checked in
 * every state. `faq.dismiss` is sent two ways by the
 * page (a press outside the list, Escape inside it): the event carries `how`, the machine ignores it,
 * so the model walks both.
 */
const QUESTIONS: Record<string, string> = {
  'when-to-book': 'How far ahead should I plan and start selling tickets?',
  cost: 'How much does Gatepass cost?',
};
const ALL_QUESTIONS = [
  ...Object.values(QUESTIONS),
  'Can I get a refund if I can’t make it?',
  'How do attendees pay, and when do organisers get paid?',
  'How do tickets work at the door?',
];

export const faqFlow: UiFlow = {
  name: 'faq',
  machine: faqMachine,
  events: [
    ...Object.keys(QUESTIONS).map((id) => ({ type: 'item.toggle', id })),
    { type: 'faq.dismiss', how: 'outside-click' },
    { type: 'faq.dismiss', how: 'escape' },
  ],
  key: (s) => s.context.openId,
  simplePaths: true,
  start: async ({ page }) => {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded();
  },
  actions: {
    'item.toggle': async ({ page }, event) => {
      await page.getByRole('button', { name: QUESTIONS[event.id] }).click();
    },
    'faq.dismiss': async ({ page }, event, before) => {
      if (event.how === 'escape') {
        // Escape where the person is: on the question they opened.
        await page.getByRole('button', { name: QUESTIONS[before.context.openId] }).focus();
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('heading', { name: 'Frequently asked questions' }).click();
      }
    },
  },
  states: {
    closed: async ({ page }) => {
      for (const question of ALL_QUESTIONS)
        await expect(page.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('region', { name: QUESTIONS.cost })).toBeHidden();
    },
    open: async ({ page }, snapshot) => {
      const openQuestion = QUESTIONS[snapshot.context.openId] ?? '';
      for (const question of ALL_QUESTIONS)
        await expect(page.getByRole('button', { name: question })).toHaveAttribute(
          'aria-expanded',
          String(question === openQuestion),
        );
      await expect(page.getByRole('region', { name: openQuestion })).toBeVisible();
    },
  },
};
