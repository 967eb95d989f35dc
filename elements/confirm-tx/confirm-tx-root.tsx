import { lazy, useEffect, useMemo, useRef, useState } from 'react'
import { randomUuid, type TesseraClient, type ThemeName, type TransactionUiOptions } from '../../src/core/index.js'
import { LocaleProvider, type Messages } from '../../src/ui/index.js'
import { PanelShell } from '../shared/panel-shell.js'
import { useElementClient } from '../shared/use-element-client.js'
import { startConfirmation } from './start-confirmation.js'
import { errorDetail, isUserRejection } from './tx-outcome.js'
import type { ConfirmTxChainType, ConfirmTxConfig, TxConfirmedDetail, TxErrorDetail } from './types.js'

// The screens (and their copy and styles) load with the first transaction, never with the page.
const TransactionView = lazy(() => import('../../src/ui/screens/transactions/transaction-view.js').then((module) => ({ default: module.TransactionView })))

/** Props r2wc passes: attributes, the object properties, the shadow root and event dispatchers. */
export interface ConfirmTxRootProps {
  appId?: string
  apiUrl?: string
  address?: string
  chainType?: ConfirmTxChainType
  signOnly?: boolean
  theme?: ThemeName
  locale?: string
  messages?: Messages
  transaction?: unknown
  uiOptions?: TransactionUiOptions
  config?: ConfirmTxConfig
  container?: ShadowRoot
  onTxconfirmed?(detail: TxConfirmedDetail): void
  onTxrejected?(detail: TxErrorDetail): void
  onTxfailed?(detail: TxErrorDetail): void
}

/** Reports each time the element's confirmation enters its error screen (the caller keeps waiting for retry or reject). */
function useErrorReports(client: TesseraClient | null, id: string | null, report: (detail: TxErrorDetail) => void, reported: { current: unknown }) {
  useEffect(() => {
    if (!client || !id) return
    const check = () => {
      const confirmation = client.embeddedWallets.getState().confirmations?.find((candidate) => candidate.id === id)
      if (confirmation?.status !== 'error' || !confirmation.error || reported.current === confirmation.error) return
      reported.current = confirmation.error
      report(errorDetail(confirmation.error))
    }
    check()
    return client.embeddedWallets.watchState(check)
  }, [client, id, report, reported])
}

/**
 * `<confirm-tx>`: setting `transaction` starts the request inline (`sendTransaction`, `signTransaction` with
 * `sign-only`, the Solana provider's with `chain-type="solana"`) and shows its confirmation in the panel; the outcome
 * is `txconfirmed`, `txrejected` or `txfailed`.
 */
export function ConfirmTxRoot(props: ConfirmTxRootProps) {
  const { appId, apiUrl, config, container, transaction } = props
  const { client, sheet } = useElementClient(appId, apiUrl, config, container)

  // The request reads the other props as they are when `transaction` is set.
  const latest = useRef(props)
  latest.current = props
  const [id, setId] = useState<string | null>(null)
  const reportedError = useRef<unknown>(null)
  useEffect(() => {
    if (!client || transaction === undefined || transaction === null) return setId(null)
    const { address, chainType = 'ethereum', signOnly = false, uiOptions } = latest.current
    const requestId = `confirm-tx-${randomUuid()}`
    let current = true
    setId(requestId)
    startConfirmation(client, { transaction, address, chainType, signOnly, uiOptions, id: requestId }).then(
      (detail) => current && latest.current.onTxconfirmed?.(detail),
      (error: unknown) => {
        if (!current) return
        if (isUserRejection(error)) return latest.current.onTxrejected?.(errorDetail(error))
        // Rejecting the error screen ends the call with the error already reported.
        if (error !== reportedError.current) latest.current.onTxfailed?.(errorDetail(error))
      },
    )
    return () => void (current = false)
  }, [client, transaction])
  const reportFailure = useMemo(() => (detail: TxErrorDetail) => latest.current.onTxfailed?.(detail), [])
  useErrorReports(client, id, reportFailure, reportedError)

  if (!client) return null
  // The confirmation opened on the app's request: it takes the focus from the page.
  return (
    <LocaleProvider locale={props.locale ?? client.locale} messages={props.messages ?? client.messages}>
      <PanelShell client={client} sheet={sheet} focusFirstScreen>
        {id && <TransactionView client={client} standalone inlineId={id} />}
      </PanelShell>
    </LocaleProvider>
  )
}
