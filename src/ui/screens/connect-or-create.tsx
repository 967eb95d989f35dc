/**
 * The connect-or-create screen (`start({ intent: 'connect-or-create' })`), loaded with the wallet screens: signed out,
 * or with an embedded Ethereum wallet, the picker (signing in, or linking); signed in without one, the choice to
 * connect an external wallet (the picker, linking it) or create the embedded one here, then 'All set!' and the modal
 * closes after the success delay.
 */
import { useEffect, useState } from 'react'
import type { User } from '../../core/index.js'
import { asTesseraError } from '../as-tessera-error.js'
import { copy } from '../copy/en.js'
import { embeddedWalletsCopy } from '../copy/embedded-wallets.js'
import { translator } from '../copy/translator.js'
import { walletsCopy } from '../copy/wallets.js'
import { WalletIcon } from '../icons/method-icons.js'
import { useModal } from '../modal-context.js'
import { SUCCESS_SCREEN_DELAY_MS } from '../modal-timing.js'
import { ScreenHeader } from '../primitives/screen-header.js'
import * as landingStyles from '../styles/landing.css.js'
import * as styles from '../styles/modal.css.js'
import { WalletPicker } from './wallet-picker.js'

const { useT } = translator({ ...copy, ...walletsCopy, ...embeddedWalletsCopy })

type Step = 'choice' | 'creating' | 'created'

/** Whether the user has the embedded Ethereum wallet that connect-or-create would make. */
export const hasEmbeddedEthereumWallet = (user: User): boolean =>
  user.linkedAccounts.some((account) => account.type === 'wallet' && account.chainType === 'ethereum' && account.connectorType === 'embedded')

export function ConnectOrCreate() {
  const { client } = useModal()
  // Read once: a sign-in through the picker moves on to the status screen, not to the choice.
  const [offersChoice] = useState(() => {
    const { user } = client.getAuth()
    return user !== null && !hasEmbeddedEthereumWallet(user)
  })
  return offersChoice ? <ConnectOrCreateChoice /> : <WalletPicker />
}

function ConnectOrCreateChoice() {
  const t = useT()
  const { client, navigation, standalone, close, showError } = useModal()
  const [step, setStep] = useState<Step>('choice')

  // The created wallet shows for the success delay, then the modal closes (standalone: back to the choice's start).
  useEffect(() => {
    if (step !== 'created') return
    const timer = setTimeout(() => (standalone ? navigation.reset('wallet-picker') : close()), SUCCESS_SCREEN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [step, standalone, navigation, close])

  const create = () => {
    setStep('creating')
    client.embeddedWallets.create({ chainType: 'ethereum' }).then(
      () => setStep('created'),
      (caught: unknown) => showError(asTesseraError(caught)),
    )
  }

  if (step !== 'choice')
    return (
      <>
        <ScreenHeader title={t(step === 'creating' ? 'embeddedWallets.creating' : 'embeddedWallets.created.allSet')} />
        <div part="body" className={`${styles.body} ${styles.centred}`}>
          <p role="status" aria-live="polite" aria-busy={step === 'creating'} part="connect-or-create-status" className={styles.message}>
            {t(step === 'creating' ? 'embeddedWallets.creating.description' : 'wallets.connectOrCreate.created')}
          </p>
        </div>
      </>
    )

  return (
    <>
      <ScreenHeader title={t('wallets.connectOrCreate.title')} />
      <div part="body" className={styles.body}>
        <p className={styles.message}>{t('wallets.connectOrCreate.description')}</p>
        <ul className={landingStyles.methodList} aria-label={t('wallets.connectOrCreate.title')}>
          <li>
            <button
              type="button"
              part="method-button connect-wallet-button"
              className={landingStyles.methodButton}
              onClick={() => navigation.navigate('wallet-picker')}
            >
              <WalletIcon />
              <span className={landingStyles.methodLabel}>{t('wallets.connectOrCreate.connect')}</span>
            </button>
          </li>
          <li>
            <button type="button" part="method-button create-wallet-button" className={landingStyles.methodButton} onClick={create}>
              <WalletIcon />
              <span className={landingStyles.methodLabel}>{t('wallets.connectOrCreate.create')}</span>
            </button>
          </li>
        </ul>
      </div>
    </>
  )
}
