import { lazy, useEffect, useRef, useState } from 'react'
import { fundingOutcomeDetail, randomUuid, type TesseraClient, type ThemeName } from '../../src/core/index.js'
import { errorDetail } from '../confirm-tx/tx-outcome.js'
import { useSlice } from '../../src/ui/client-slices/use-slice.js'
import { LocaleProvider, type Messages } from '../../src/ui/index.js'
import { PanelShell } from '../shared/panel-shell.js'
import { useElementClient } from '../shared/use-element-client.js'
import { defaultFundingAddress, fundingInput, type FundingAttributes } from './funding-input.js'
import { useFailureReports } from './failure-reports.js'
import type { FundFailedDetail, FundOutcomeDetail, FundWalletChainType, FundWalletConfig } from './types.js'

// The screens (and their copy, styles and the QR code) load with the first session, never with the page.
const FundingView = lazy(() => import('../../src/ui/screens/funding/funding-view.js').then((module) => ({ default: module.FundingView })))

/** Props r2wc passes: attributes, the `config` property, the shadow root and event dispatchers. */
export interface FundWalletRootProps extends FundingAttributes {
  appId?: string
  apiUrl?: string
  theme?: ThemeName
  locale?: string
  messages?: Messages
  config?: FundWalletConfig
  container?: ShadowRoot
  onFundsuccess?(detail: FundOutcomeDetail): void
  onFunduserexited?(detail: FundOutcomeDetail): void
  onFundfailed?(detail: FundFailedDetail): void
}

const useAuthenticated = (client: TesseraClient | null) =>
  useSlice(
    (onChange) => client?.watchAuth(onChange) ?? (() => {}),
    () => client?.getAuth().status === 'authenticated',
  )

/** The wallet a panel without an `address` funds, once the user has it (wallets may be created after sign-in). */
const useDefaultAddress = (client: TesseraClient | null, chainType: FundWalletChainType) =>
  useSlice(
    (onChange) => client?.embeddedWallets.watchState(onChange) ?? (() => {}),
    () => (client ? defaultFundingAddress(client, chainType) : undefined),
  )

/**
 * `<fund-wallet>`: while the user is signed in, a funding session for the wallet the attributes name runs inline in
 * the panel; `fundsuccess` or `funduserexited` reports how it ended, then a new session starts on the landing.
 */
export function FundWalletRoot(props: FundWalletRootProps) {
  const { appId, apiUrl, container } = props
  const { client, sheet } = useElementClient(appId, apiUrl, undefined, container)
  const authenticated = useAuthenticated(client)
  const latest = useRef(props)
  latest.current = props
  const [id, setId] = useState<string | null>(null)
  const [round, setRound] = useState(0)
  const defaultAddress = useDefaultAddress(client, props.chainType === 'solana' ? 'solana' : 'ethereum')
  const address = props.address ?? defaultAddress
  const input = authenticated && address ? fundingInput({ ...props, address }) : null
  const inputKey = input ? JSON.stringify(input) : null

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` starts the next funding session after each outcome
  useEffect(() => {
    if (!client || !inputKey) return setId(null)
    const sessionId = `fund-wallet-${randomUuid()}`
    let current = true
    setId(sessionId)
    client.funding.fundWallet(JSON.parse(inputKey), { inline: true, id: sessionId }).then(
      (outcome) => {
        if (!current) return
        if (outcome.status === 'funded') latest.current.onFundsuccess?.(fundingOutcomeDetail(outcome))
        else latest.current.onFunduserexited?.(fundingOutcomeDetail(outcome))
        setRound((value) => value + 1)
      },
      (error: unknown) => current && latest.current.onFundfailed?.(errorDetail(error, 'unknown_error')),
    )
    return () => {
      current = false
      client.funding
        .getState()
        .sessions.find((session) => session.id === sessionId)
        ?.exit()
    }
  }, [client, inputKey, round])
  useFailureReports(client, id, (detail) => latest.current.onFundfailed?.(detail))

  if (!client) return null
  return (
    <LocaleProvider locale={props.locale ?? client.locale} messages={props.messages ?? client.messages}>
      <PanelShell client={client} sheet={sheet}>
        {id && <FundingView client={client} standalone inlineId={id} />}
      </PanelShell>
    </LocaleProvider>
  )
}
