/**
 * Integrity violations that a concurrent change can cause, answered in the API's words instead of
 * a 500. A route checks that a parent exists and belongs to the caller, then writes; between the two
 * another request may delete the parent (the event, its owner) or insert the same unique value. The
 * database refuses the write — PostgreSQL SQLSTATE 23503 (foreign_key_violation) or 23505
 * (unique_violation) — and this module turns that refusal into the 404 or 409 the route would have
 * answered had it run a moment later (23001, restrict_violation, is the same refusal for a parent
 * deleted while an ON DELETE RESTRICT row still refers to it: a 409). Both drivers set `code` and `constraint` on their error
 * (node-postgres' DatabaseError, PGlite's DatabaseError), and drizzle wraps it as the `cause` of a
 * DrizzleQueryError, so the chain of causes is searched.
 */

export type IntegrityViolation = {
  kind: 'foreign_key' | 'unique';
  constraint: string | null;
  /** For foreign keys: the refused row's parent is gone (insert/update), or it is still referenced (delete). */
  parentMissing: boolean;
};

const FOREIGN_KEY_VIOLATION = '23503';
/** A parent deleted while an ON DELETE RESTRICT row still refers to it (PostgreSQL 15+ says so). */
const RESTRICT_VIOLATION = '23001';
const UNIQUE_VIOLATION = '23505';
const CODES = new Set([FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION]);

/** The first integrity violation among the error and its causes, or null. */
export function integrityViolationOf(error: unknown): IntegrityViolation | null {
  const seen = new Set<unknown>();
  for (
    let e: unknown = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown }).cause
  ) {
    seen.add(e);
    const { code, constraint, message, detail } = e as Record<string, unknown>;
    if (typeof code !== 'string' || !CODES.has(code)) continue;
    // PostgreSQL words the two directions differently: "insert or update on table … violates foreign
    // key constraint" (the parent is missing) vs "update or delete on table …" (the parent is still
    // referenced); the detail says "is not present in table" or "is (still) referenced from table".
    const words = `${typeof message === 'string' ? message : ''} ${typeof detail === 'string' ? detail : ''}`;
    return {
      kind: code === UNIQUE_VIOLATION ? 'unique' : 'foreign_key',
      constraint: typeof constraint === 'string' ? constraint : null,
      parentMissing:
        code === FOREIGN_KEY_VIOLATION &&
        !/^update or delete on table|referenced from table/i.test(words.trim()),
    };
  }
  return null;
}

export type IntegrityAnswer = { status: 401 | 404 | 409; message: string; constraint: string | null };

/**
 * Per constraint, where a precise sentence helps the caller; the words are the routes' own for the
 * same outcome (a missing event is 'Event not found' whichever way it was found missing).
 */
const BY_CONSTRAINT: Record<string, Omit<IntegrityAnswer, 'constraint'>> = {
  discount_codes_event_code_key: {
    status: 409,
    message: 'This event already has that discount code (codes ignore case).',
  },
  users_email_lower_key: { status: 409, message: 'An account with this email already exists.' },
  users_username_lower_key: { status: 409, message: 'This username is already taken.' },
  order_items_ticket_type_id_ticket_types_id_fk: {
    status: 409,
    message:
      'Tickets of this type have been sold, so it cannot be deleted. You can change its quantity or sales window instead.',
  },
};

/**
 * A missing parent by its table. drizzle names foreign keys `<table>_<column>_<parent>_<column>_fk`,
 * so the parent table is read from the name; the longest match wins (issued_tickets over tickets).
 */
const MISSING_PARENT: [parent: string, status: 401 | 404, message: string][] = [
  ['issued_tickets', 404, 'Ticket not found'],
  ['ticket_types', 404, 'Ticket not found'],
  ['checkin_links', 404, 'Check-in link not found'],
  ['events', 404, 'Event not found'],
  ['orders', 404, 'Order not found'],
  // The signed-in account was deleted while its request ran: its sessions went with it, so the
  // answer is the one its next request gets (the auth plugin's words).
  ['users', 401, 'Your session has expired. Please sign in again.'],
];

export const GONE_MEANWHILE = 'What this change refers to was just deleted. Reload and try again.';
export const CHANGED_MEANWHILE =
  'This was changed at the same time by another request. Reload and try again.';
export const STILL_IN_USE = 'This is still in use elsewhere, so it cannot be removed.';

function missingParent(constraint: string | null): IntegrityAnswer {
  const hit = constraint ? MISSING_PARENT.find(([parent]) => constraint.endsWith(`_${parent}_id_fk`)) : null;
  return hit
    ? { status: hit[1], message: hit[2], constraint }
    : { status: 404, message: GONE_MEANWHILE, constraint };
}

/** The 401/404/409 for an integrity violation, or null when the error is not one. */
export function integrityAnswer(error: unknown): IntegrityAnswer | null {
  const violation = integrityViolationOf(error);
  if (!violation) return null;
  const { constraint } = violation;
  const known = constraint ? BY_CONSTRAINT[constraint] : undefined;
  if (known) return { ...known, constraint };
  if (violation.kind === 'unique') return { status: 409, message: CHANGED_MEANWHILE, constraint };
  if (!violation.parentMissing) return { status: 409, message: STILL_IN_USE, constraint };
  return missingParent(constraint);
}
