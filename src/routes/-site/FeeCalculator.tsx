import { useId, useState } from 'react';
import { feeBreakdownNaira } from '../../../contract/fees';
import { formatNaira, nairaAmount } from '../../../contract/money';
import { TextField } from '../../ui/Field';
import * as styles from './pricing.css';

const MAX_QUANTITY = 100_000;

function parse(priceText: string, quantityText: string) {
  const price = Number(priceText.replace(/[₦,\s]/g, ''));
  const priceCheck = priceText.trim() === '' ? null : nairaAmount.safeParse(price);
  const quantity = Number(quantityText);
  const quantityOk = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
  return {
    priceError:
      priceCheck === null
        ? 'Enter a ticket price'
        : priceCheck.success
          ? undefined
          : (priceCheck.error.issues[0]?.message ?? 'Enter a ticket price'),
    quantityError: quantityOk
      ? undefined
      : `Enter a whole number of tickets from 1 to ${MAX_QUANTITY.toLocaleString('en-NG')}`,
    price,
    quantity,
  };
}

/** What a buyer pays and the organiser receives, by the rule in contract/fees.ts (computed in kobo). */
export function FeeCalculator() {
  const id = useId();
  // Plain input text: what the visitor typed, parsed on every render. There is no flow to model.
  const [priceText, setPriceText] = useState('5000');
  const [quantityText, setQuantityText] = useState('20');
  const { priceError, quantityError, price, quantity } = parse(priceText, quantityText);
  const result = !priceError && !quantityError ? feeBreakdownNaira(price, quantity) : null;

  return (
    <div className={styles.calculator}>
      <form
        className={styles.calculatorForm}
        onSubmit={(e) => e.preventDefault()}
        aria-label="Fee calculator"
      >
        <TextField
          id={`${id}-price`}
          label="Ticket price (₦)"
          inputMode="decimal"
          value={priceText}
          onValueChange={setPriceText}
          error={priceError}
        />
        <TextField
          id={`${id}-quantity`}
          label="Tickets sold"
          type="number"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          inputMode="numeric"
          value={quantityText}
          onValueChange={setQuantityText}
          error={quantityError}
        />
      </form>
      <output className={styles.result} aria-live="polite" htmlFor={`${id}-price ${id}-quantity`}>
        {result ? (
          <dl className={styles.breakdown}>
            <div>
              <dt>Ticket sales</dt>
              <dd>{formatNaira(result.subtotal)}</dd>
            </div>
            <div>
              <dt>Service fee paid by buyers (1.5%)</dt>
              <dd>{formatNaira(result.fees)}</dd>
            </div>
            <div className={styles.total}>
              <dt>Buyers pay in total</dt>
              <dd>{formatNaira(result.total)}</dd>
            </div>
            <div className={styles.highlight}>
              <dt>You receive</dt>
              <dd>{formatNaira(result.organiser)}</dd>
            </div>
          </dl>
        ) : (
          <p className={styles.resultHint}>Enter a price and a number of tickets to see the fees.</p>
        )}
      </output>
    </div>
  );
}
