import { useId } from 'react'
import type { FundingSession } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import * as css from './funding.css.js'
import { localUsd, symbolOf } from './funding-display.js'

/**
 * The amount input (funding spec, "Screens and routes" and "Validation rules"): a decimal keypad on phones, each change handed to the core (which keeps only
 * digits and one point), the asset's symbol beside it and the USD equivalent under it when a price is known.
 */
export function AmountField({ session }: { session: FundingSession }) {
  const t = useT()
  const locale = useLocale()
  const id = useId()
  const symbolId = `${id}-symbol`
  return (
    <div className={css.field}>
      <div className={css.amountRow}>
        <label htmlFor={id} className={styles.visuallyHidden}>
          {t('funding.amount.label')}
        </label>
        <input
          id={id}
          part="input funding-amount-input"
          className={css.amountInput}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={symbolId}
          aria-invalid={session.amount !== '' && !session.amountValid}
          value={session.amount}
          onChange={(event) => session.setAmount(event.target.value)}
        />
        <span id={symbolId} part="funding-symbol" className={css.amountSymbol}>
          {symbolOf(session)}
        </span>
      </div>
      {session.amountUsd !== null && (
        <p part="funding-usd" className={css.usd}>
          {t('funding.amount.usd', { usd: localUsd(session.amountUsd, locale) })}
        </p>
      )}
    </div>
  )
}
