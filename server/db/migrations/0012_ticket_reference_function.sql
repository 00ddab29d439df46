-- A ticket's short reference (decision 035, contract/ticketReference.ts): ten characters from a
-- 30-character alphabet without 0/O, 1/I/L and U, drawn from gen_random_uuid()'s strong random bytes
-- (the random-version bytes only: 0–5 and 9–12 of a v4 UUID carry no fixed bits). Used as the column
-- default so every path that issues a ticket (payment, reissue, transfer) gets one.
CREATE OR REPLACE FUNCTION gatepass_ticket_reference() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('ABCDEFGHJKMNPQRSTVWXYZ23456789', (get_byte(b, i) % 30) + 1, 1), '' ORDER BY n)
  FROM (SELECT decode(replace(gen_random_uuid()::text, '-', ''), 'hex') AS b) r,
       unnest(ARRAY[0, 1, 2, 3, 4, 5, 9, 10, 11, 12]) WITH ORDINALITY AS t(i, n)
$$;
