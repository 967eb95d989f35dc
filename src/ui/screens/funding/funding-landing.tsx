/**
 * Funding spec, "Screens and routes": "Funding landing": 'Add funds to your {wallet name} wallet' (or the app's landing title), the methods
 * the session offers ('Receive funds' always), the error banner, and the alternate-provider hint. Every row is
 * disabled while the ERC-20's details load. Card and exchange open the provider's popup, so they run in the click.
 */
import type { ReactNode } from 'react'
import type { CardProvider, FundingSession } from '../../../core/index.js'
import { useT } from '../../copy/funding.js'
import { WalletIcon } from '../../icons/method-icons.js'
import * as landingStyles from '../../styles/landing.css.js'
import * as styles from '../../styles/modal.css.js'
import { ConfirmationHeader } from '../transactions/confirmation-header.js'
import * as css from './funding.css.js'
import { CardIcon, ExchangeIcon, ReceiveIcon } from './funding-icons.js'
import type { FundingScreenProps } from './screen-props.js'
import { usePayMark } from './use-pay-mark.js'

function MethodRow({
  part,
  icon,
  label,
  disabled,
  onClick,
  children,
}: {
  part: string
  icon: ReactNode
  label: string
  disabled: boolean
  onClick(): void
  children?: ReactNode
}) {
  return (
    <li>
      <button type="button" part={`funding-method ${part}`} className={landingStyles.methodButton} disabled={disabled} onClick={onClick}>
        {icon}
        <span className={landingStyles.methodLabel}>{label}</span>
        {children}
      </button>
    </li>
  )
}

/** 'Try a different provider.' pays with the card provider not tried last (the second one when none was). */
function alternateProvider({ options, card }: FundingSession): CardProvider | undefined {
  return options.card.find((provider) => provider !== (card?.provider ?? options.card[0]))
}

export function FundingLanding({ session, onClose }: FundingScreenProps) {
  const t = useT()
  const payMark = usePayMark()
  const { options, uiConfig, errorMessage } = session
  const loading = session.asset === null
  const alternate = session.showAlternateProvider ? alternateProvider(session) : undefined
  return (
    <>
      {/* Back on the landing leaves the session: only where something is under it (the confirmation it was opened from). */}
      <ConfirmationHeader
        title={uiConfig.landing?.title || t('funding.landing.title', { wallet: session.walletName })}
        onBack={session.forConfirmation ? () => session.back() : undefined}
        onClose={onClose}
      />
      <div part="body funding-landing" className={styles.body}>
        {errorMessage && (
          <p role="alert" part="funding-error" className={css.errorBanner}>
            {errorMessage}
          </p>
        )}
        <ul className={landingStyles.methodList} aria-label={t('funding.landing.methods')} aria-busy={loading || undefined}>
          {options.card.length > 0 && (
            <MethodRow part="funding-card-button" icon={<CardIcon />} label={t('funding.card')} disabled={loading} onClick={() => session.payWithCard()}>
              {payMark && (
                <span part="funding-pay-mark" className={css.payMark}>
                  {t(`funding.payMark.${payMark}`)}
                </span>
              )}
            </MethodRow>
          )}
          {options.exchange && (
            <MethodRow
              part="funding-exchange-button"
              icon={<ExchangeIcon />}
              label={t('funding.exchange')}
              disabled={loading}
              onClick={() => session.transferFromExchange()}
            />
          )}
          {options.wallet && (
            <MethodRow
              part="funding-wallet-button"
              icon={<WalletIcon />}
              label={t('funding.wallet')}
              disabled={loading}
              onClick={() => session.transferFromWallet()}
            />
          )}
          <MethodRow
            part="funding-receive-button"
            icon={<ReceiveIcon />}
            label={t('funding.receive')}
            disabled={loading}
            onClick={() => session.receiveFunds()}
          />
        </ul>
        {alternate && (
          <p part="funding-alternate-provider" className={css.hint}>
            {t('funding.alternate.hint')}{' '}
            <button
              type="button"
              part="funding-alternate-provider-button"
              className={styles.linkButton}
              disabled={loading}
              onClick={() => session.payWithCard(alternate)}
            >
              {t('funding.alternate.action')}
            </button>
          </p>
        )}
      </div>
    </>
  )
}
