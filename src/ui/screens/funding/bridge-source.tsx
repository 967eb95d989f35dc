/**
 * Funding spec, "Screens and routes": 'Transfer from another network' (step 'bridge-source'): the amount, the From chain among those where
 * the paying wallet holds a balance (choosing one has the core fetch its quote without leaving the step), the To
 * address with its balance, the bridging summary once quoted, and 'Confirm with {wallet}'.
 */
import { useId, useState } from 'react'
import { useT } from '../../copy/funding.js'
import { useLocale } from '../../copy/translator.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import { Address, Spinner } from '../transactions/summary-rows.js'
import { AmountField } from './amount-field.js'
import * as css from './funding.css.js'
import { formatFunded } from './funding-display.js'
import type { FundingScreenProps } from './screen-props.js'
import { ConfirmWithWallet, TransferRows } from './transfer-rows.js'

export function BridgeSource({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const locale = useLocale()
  const fromId = useId()
  const [chosen, setChosen] = useState<number | null>(null)
  const { transfer, sourceChains, balance } = session
  const quoted = Boolean(transfer?.summary)
  const selected = chosen ?? (quoted ? transfer?.from.chainId : null) ?? ''
  const choose = (chainId: number) => {
    setChosen(chainId)
    session.chooseSourceChain(chainId)
  }
  return (
    <>
      <ConfirmationHeader title={t('funding.bridge.title')} onBack={() => session.back()} onClose={onClose} />
      <div part="body funding-bridge-source" className={styles.body}>
        <AmountField session={session} />
        <div className={css.field}>
          <label htmlFor={fromId} className={styles.label}>
            {t('funding.bridge.from')}
          </label>
          <select
            id={fromId}
            part="input funding-source-chain"
            className={styles.input}
            value={selected}
            onChange={(event) => choose(Number(event.target.value))}
          >
            {selected === '' && (
              <option value="" disabled>
                {t('funding.bridge.chooseNetwork')}
              </option>
            )}
            {sourceChains.map((chain) => (
              <option key={chain.chainId} value={chain.chainId}>
                {t('funding.bridge.chain', { name: chain.name, balance: formatFunded(chain.balance, session, locale) })}
              </option>
            ))}
          </select>
        </div>
        <div className={css.field}>
          <span className={styles.label}>{t('funding.bridge.to')}</span>
          <div part="funding-destination" className={css.cardRow}>
            <Address address={session.address} />
            {balance && <span part="funding-balance">{formatFunded(balance, session, locale)}</span>}
          </div>
        </div>
        {chosen !== null && transfer?.status === 'preparing' && <Spinner label={t('funding.bridge.quoting')} />}
        {transfer?.error && (
          <p role="alert" part="funding-error" className={css.errorBanner}>
            {transfer.error.shortMessage}
          </p>
        )}
        {transfer && quoted && <TransferRows session={session} transfer={transfer} />}
        <ConfirmWithWallet session={session} />
      </div>
    </>
  )
}
