import { useState } from 'react'
import type { EmbeddedWallet } from '../../../core/index.js'
import { useT } from '../../copy/key-export.js'
import { useT as usePasswordT } from '../../copy/password.js'
import { useModal } from '../../modal-context.js'
import { ScreenHeader } from '../../primitives/screen-header.js'
import * as styles from '../../styles/modal.css.js'
import { useConfigState } from '../../client-slices/config.js'
import { passwordError } from '../password/password-create.js'
import { PasswordField } from '../password/password-field.js'
import { WalletCard } from './wallet-card.js'

const chains = ['ethereum', 'solana'] as const
const keyFieldStyle = { fontFamily: 'ui-monospace, monospace' } as const

/**
 * Private-key import (wallet spec, "States and transitions", on-device mode): the key goes straight to the wallet frame, which checks it,
 * splits it like a created wallet and answers only the address. The field is cleared whatever the outcome. An app
 * that requires a password on create requires one here too (the imported key is a share set of its own).
 */
type ChainType = (typeof chains)[number]

function ChainField({ value, onChange }: { value: ChainType; onChange(chain: ChainType): void }) {
  const t = useT()
  return (
    <label className={styles.form}>
      <span className={styles.label}>{t('keyImport.chain')}</span>
      <select part="import-chain" className={styles.input} value={value} onChange={(event) => onChange(event.target.value as ChainType)}>
        {chains.map((chain) => (
          <option key={chain} value={chain}>
            {t(`wallet.chain.${chain}`)}
          </option>
        ))}
      </select>
    </label>
  )
}

export function KeyImport() {
  const t = useT()
  const passwordText = usePasswordT()
  const { client } = useModal()
  const passwordRequired = useConfigState(client).config.embeddedWallets.requireUserPasswordOnCreate
  const [chainType, setChainType] = useState<ChainType>('ethereum')
  const [privateKey, setPrivateKey] = useState('')
  const [password, setPassword] = useState('')
  const problem = passwordRequired ? passwordError(passwordText, password) : null
  const [importing, setImporting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [imported, setImported] = useState<EmbeddedWallet | null>(null)

  async function submit() {
    setImporting(true)
    setFailure(null)
    try {
      setImported(await client.embeddedWallets.importWallet({ privateKey, chainType, ...(passwordRequired && { recoveryPassword: password }) }))
    } catch (error) {
      // The frame's refusal of a malformed key carries the same copy; anything else is a generic failure.
      setFailure((error as { shortMessage?: string } | null)?.shortMessage === t('keyImport.invalid') ? t('keyImport.invalid') : t('keyImport.failed'))
    } finally {
      setPrivateKey('')
      setImporting(false)
    }
  }

  if (imported) return <ImportDone wallet={imported} />
  return (
    <>
      <ScreenHeader title={t('keyImport.title')} />
      <form
        part="body"
        className={styles.body}
        onSubmit={(event) => {
          event.preventDefault()
          if (privateKey && !problem && !importing) void submit()
        }}
      >
        <p className={styles.message}>{t('keyImport.description')}</p>
        <ChainField value={chainType} onChange={setChainType} />
        <label className={styles.form}>
          <span className={styles.label}>{t('keyImport.field')}</span>
          <input
            part="import-key-input"
            className={styles.input}
            style={keyFieldStyle}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={privateKey}
            onChange={(event) => setPrivateKey(event.target.value)}
            autoFocus
          />
        </label>
        {passwordRequired && (
          <>
            <p className={styles.message}>{passwordText('password.import.hint')}</p>
            <PasswordField label={passwordText('password.field')} value={password} onChange={setPassword} error={problem} part="password-input" />
          </>
        )}
        {failure && (
          <p part="error import-error" role="alert" className={styles.errorText}>
            {failure}
          </p>
        )}
        <button
          type="submit"
          part="submit-button"
          className={styles.primaryButton}
          disabled={!privateKey || Boolean(problem) || importing}
          aria-busy={importing}
        >
          {t('keyImport.submit')}
        </button>
      </form>
    </>
  )
}

/** The imported wallet's card under 'Wallet imported'. */
function ImportDone({ wallet }: { wallet: EmbeddedWallet }) {
  const t = useT()
  return (
    <>
      <ScreenHeader title={t('keyImport.title')} />
      <div part="body" className={styles.body}>
        <p role="status" part="import-done" className={styles.message}>
          {t('keyImport.done')}
        </p>
        <WalletCard wallet={wallet} />
      </div>
    </>
  )
}
