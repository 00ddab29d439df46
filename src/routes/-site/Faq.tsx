import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { faqMachine } from '../../../machines/faq.machine';
import { Reveal } from '../../motion/Reveal';
import { container, sectionEyebrow, sectionTitle } from '../../styles/layout.css';
import * as styles from './faq.css';
import { FAQ_ITEMS } from './faqItems';

/**
 * Five questions, one open at a time; clicking the open one, clicking outside or pressing Escape
 * closes it. Each question is a disclosure button (aria-expanded, aria-controls).
 */
export function Faq() {
  const actor = useActorRef(faqMachine);
  const openId = useSelector(actor, (s) => s.context.openId);
  const list = useRef<HTMLDivElement>(null);
  const id = useId();

  // A DOM listener, not state: a press outside the list tells the machine to close.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (list.current && !list.current.contains(event.target as Node)) actor.send({ type: 'faq.dismiss' });
    };
    // Escape inside the list closes the open answer too.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && list.current?.contains(event.target as Node))
        actor.send({ type: 'faq.dismiss' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [actor]);

  return (
    <section className={`${container} ${styles.section}`} aria-labelledby={`${id}-title`}>
      <Reveal variant="up" threshold={0.1} className={styles.header}>
        <p className={sectionEyebrow}>FAQ</p>
        <h2 id={`${id}-title`} className={sectionTitle}>
          Frequently asked questions
        </h2>
      </Reveal>
      <div ref={list} className={styles.list}>
        {FAQ_ITEMS.map((item, index) => {
          const open = openId === item.id;
          const buttonId = `${id}-q-${item.id}`;
          const panelId = `${id}-a-${item.id}`;
          return (
            <Reveal key={item.id} variant="up" threshold={0.1} delay={index * 0.1} className={styles.item}>
              <h3 className={styles.questionHeading}>
                <button
                  type="button"
                  id={buttonId}
                  className={styles.question}
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => actor.send({ type: 'item.toggle', id: item.id })}
                >
                  <span>{item.question}</span>
                  <svg
                    className={styles.chevron}
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                  >
                    <path
                      d="M6 9l6 6 6-6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.2"
                      strokeLinecap="round"
                    />
                  </svg>
                </button>
              </h3>
              <section
                id={panelId}
                aria-labelledby={buttonId}
                className={styles.panel}
                data-open={open}
                inert={!open}
              >
                <div className={styles.answer}>
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </section>
            </Reveal>
          );
        })}
      </div>
    </section>
  );
}
