// The React host: TesseraProvider and the hooks from the package's public React entry.
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { getOrCreateClient, type LinkedAccount, type TesseraError } from 'tessera'
import type { OAuthProvider } from 'tessera/protocol'
import {
  FundWallet,
  type FundOutcomeDetail,
  TesseraProvider,
  useAuth,
  useFundWallet,
  useCrossAppAccounts,
  useCustomAuth,
  useDelegatedActions,
  useExportWallet,
  useGuestAccounts,
  useImportWallet,
  useLinkAccount,
  useLinkWithPasskey,
  useLogin,
  useLoginWithPasskey,
  useMfa,
  useMfaEnrollment,
  useRegisterMfaListener,
  useSetWalletPassword,
  useSignMessage,
  useSignupWithPasskey,
  useSolanaWallets,
  useTesseraClient,
  useUnlinkAccount,
  useWallets,
} from 'tessera/react'
import { SmartWalletsProvider, useSmartWallets } from 'tessera/react/smart-wallets'
import { accountIdentifier, canUnlink, demoIdpSession, oauthProviderOf, userLinkedAccounts } from '../shared/demo-app.js'
import { devChainInfo, devTransactions, getTestTokens, sendDevTransaction, UNKNOWN_ACCOUNT, type DevChainInfo } from '../shared/dev-chain.js'
import { fundWallets, sendEth, sendSol, sendSplTokens } from '../shared/local-chains.js'
import '../shared/demo.css'

const errorText = (error: unknown) => (error as TesseraError).shortMessage ?? (error as Error).message

interface DemoSession {
  signIn(user: string): Promise<void>
  signOut(): void
}

/** The embedded wallets (hooks) and the same actions as the vanilla demo's panel, on the local chains. */
function EmbeddedWallets({ onError }: { onError(error: unknown): void }) {
  const client = useTesseraClient()
  const { wallets: ethereumWallets } = useWallets()
  const { wallets: solanaWallets } = useSolanaWallets()
  const { signMessage } = useSignMessage()
  const { setWalletPassword } = useSetWalletPassword()
  const [funded, setFunded] = useState(false)
  const [recoveryResult, setRecoveryResult] = useState('')
  const [signResult, setSignResult] = useState('')
  const [sendResult, setSendResult] = useState('')
  const embedded = [...ethereumWallets, ...solanaWallets].filter((wallet) => wallet.connectorType === 'embedded')
  const primary = (chain: 'ethereum' | 'solana') => embedded.find((wallet) => wallet.chain === chain && !('imported' in wallet && wallet.imported))?.address
  const { exportWallet } = useExportWallet()
  const { delegateWallet, revokeWallets } = useDelegatedActions()
  const { importWallet } = useImportWallet()
  const [importKey, setImportKey] = useState('')
  const [importChain, setImportChain] = useState<'ethereum' | 'solana'>('ethereum')
  const act = (action: () => Promise<unknown>) => () => void action().catch(onError)
  return (
    <>
      <h2>Embedded wallets</h2>
      <ul id="embedded-wallets">
        {embedded.map((wallet) => (
          <li
            key={wallet.address}
            data-chain={wallet.chain}
            data-recovery={wallet.recoveryMethod}
            data-imported={String('imported' in wallet && wallet.imported)}
          >
            {wallet.chain}
            {'imported' in wallet && wallet.imported ? ' (imported)' : ''}: <span className="address">{wallet.address}</span> (recovery: {wallet.recoveryMethod}
            )
          </li>
        ))}
      </ul>
      <div className="actions">
        <button
          id="fund-wallets"
          type="button"
          onClick={act(async () => {
            await fundWallets({ ethereum: primary('ethereum'), solana: primary('solana') })
            setFunded(true)
          })}
        >
          Get test funds
        </button>
        <button
          id="sign-message"
          type="button"
          onClick={act(async () => {
            // Signatures are deterministic: the old one goes first, so a new one shows as new.
            setSignResult('')
            setSignResult((await signMessage({ message: 'Hello from the Tessera demo' }, { address: primary('ethereum') }))?.signature ?? '')
          })}
        >
          Sign a message
        </button>
        <button id="send-eth" type="button" onClick={act(async () => setSendResult(await sendEth(client, primary('ethereum')!)))}>
          Send 0.001 ETH
        </button>
        <button id="send-sol" type="button" onClick={act(async () => setSendResult(await sendSol(client, primary('solana')!)))}>
          Send 0.001 SOL
        </button>
        <button
          id="set-wallet-password"
          type="button"
          onClick={act(async () => {
            await setWalletPassword()
            setRecoveryResult('Wallet recovery set: user-passcode')
          })}
        >
          Set a wallet password
        </button>
        <button id="export-wallet" type="button" onClick={() => exportWallet({ address: primary('ethereum') })}>
          Export wallet
        </button>
      </div>
      {/* Private-key import with the headless hook: the key goes to the wallet frame only. */}
      <form
        className="actions"
        onSubmit={(event) => {
          event.preventDefault()
          act(async () => importWallet({ privateKey: importKey, chainType: importChain }).finally(() => setImportKey('')))()
        }}
      >
        <select id="import-chain" value={importChain} onChange={(event) => setImportChain(event.target.value as 'ethereum' | 'solana')}>
          <option value="ethereum">Ethereum</option>
          <option value="solana">Solana</option>
        </select>
        <input
          id="import-key"
          type="password"
          autoComplete="off"
          placeholder="Private key"
          value={importKey}
          onChange={(event) => setImportKey(event.target.value)}
        />
        <button id="import-wallet" type="submit" disabled={!importKey}>
          Import a wallet
        </button>
      </form>
      <div className="actions">
        {/* The modal's import screen: no hook opens it, so the demo starts the provider's <auth-modal> (the page's only one) itself. */}
        <button id="import-wallet-modal" type="button" onClick={() => document.querySelector('auth-modal')?.start({ intent: 'wallet', screen: 'key:import' })}>
          Import a wallet in the modal
        </button>
        {/* The embedded wallet's Farcaster signer key (kept in the wallet frame), approved in the Farcaster app. */}
        <button
          id="farcaster-signer"
          type="button"
          onClick={() => document.querySelector('auth-modal')?.start({ intent: 'wallet', screen: 'farcaster:signer' })}
        >
          Add a Farcaster signer
        </button>
        {/* Delegated wallets: the app's backend may sign with the primary Ethereum wallet while the user is offline. */}
        <button
          id="delegation-grant"
          type="button"
          onClick={() => {
            const address = primary('ethereum')
            if (address) void delegateWallet({ address, chainType: 'ethereum' })
          }}
        >
          Allow offline access
        </button>
        <button id="delegation-revoke" type="button" onClick={() => void revokeWallets()}>
          Revoke offline access
        </button>
      </div>
      <p id="recovery-result" role="status">
        {recoveryResult}
      </p>
      <p id="action-result" role="status" hidden={!funded}>
        Test funds added: 1 ETH and 1 SOL.
      </p>
      <p id="sign-result" className="result" role="status">
        {signResult}
      </p>
      <p id="send-result" className="result" role="status">
        {sendResult}
      </p>
      <Transactions primary={primary} onError={onError} />
      <Funding primary={primary} onError={onError} />
      <SmartWalletsProvider>
        <SmartWallet primary={primary} onError={onError} />
      </SmartWalletsProvider>
    </>
  )
}

/** Funding with `useFundWallet` (the modal's flow) and the inline `<FundWallet>` panel, as in the vanilla demo. */
function Funding({ primary, onError }: { primary(chain: 'ethereum' | 'solana'): string | undefined; onError(error: unknown): void }) {
  const client = useTesseraClient()
  const [result, setResult] = useState('')
  const [panelChain, setPanelChain] = useState<'ethereum' | 'solana'>('ethereum')
  const cluster = client.getConfig().config.solanaClusters[0]?.name ?? 'devnet'
  const report = (what: string) => (detail: FundOutcomeDetail) =>
    setResult(`${what}: ${detail.address} by ${detail.fundingMethod ?? 'no method'}, balance ${detail.balance ?? 'unknown'}`)
  const { fundWallet } = useFundWallet({ onUserExited: report('Left funding'), onError })
  const fund = (chain: 'ethereum' | 'solana') => () => {
    const address = primary(chain)
    if (!address) return onError(new Error(`You have no embedded ${chain} wallet yet.`))
    setResult('')
    void fundWallet(address, chain === 'solana' ? { chainType: 'solana', cluster: { name: cluster } } : {})
  }
  const { appId, apiUrl } = window.TESSERA_DEMO
  return (
    <>
      <h2>Funding</h2>
      <div className="actions">
        <button id="fund-eth" type="button" onClick={fund('ethereum')}>
          Add funds
        </button>
        <button id="fund-sol" type="button" onClick={fund('solana')}>
          Add SOL funds
        </button>
        <label>
          Panel funds{' '}
          <select id="fund-panel-chain" value={panelChain} onChange={(event) => setPanelChain(event.target.value as 'ethereum' | 'solana')}>
            <option value="ethereum">Ethereum</option>
            <option value="solana">Solana</option>
          </select>
        </label>
      </div>
      <p id="fund-result" className="result" role="status">
        {result}
      </p>
      <FundWallet
        appId={appId}
        apiUrl={apiUrl}
        chainType={panelChain}
        {...(panelChain === 'solana' ? { cluster } : {})}
        onSuccess={report('Funded')}
        onUserExited={report('Left funding')}
        onFailed={(detail) => setResult(`Funding failed: ${detail.message}`)}
      />
    </>
  )
}

/** The Transactions panel (as in the vanilla demo): each button asks the embedded wallet; the modal confirms it. */
function Transactions({ primary, onError }: { primary(chain: 'ethereum' | 'solana'): string | undefined; onError(error: unknown): void }) {
  const client = useTesseraClient()
  const [result, setResult] = useState('')
  const [nftTokenId, setNftTokenId] = useState<string | null>(null)
  const wallet = (chain: 'ethereum' | 'solana') => {
    const address = primary(chain)
    if (!address) throw new Error(`You have no embedded ${chain} wallet yet.`)
    return address
  }
  const send = (transaction: Parameters<typeof sendDevTransaction>[2]) => sendDevTransaction(client, wallet('ethereum'), transaction)
  const button = (id: string, label: string, action: (info: DevChainInfo) => Promise<string>) => (
    <button
      id={id}
      type="button"
      onClick={() => {
        setResult('')
        void devChainInfo().then(action).then(setResult, onError)
      }}
    >
      {label}
    </button>
  )
  return (
    <>
      <h2>Transactions</h2>
      <div className="actions">
        {button('tx-get-tokens', 'Get test tokens', async ({ erc20, splToken }) => {
          const given = await getTestTokens({ ethereum: primary('ethereum'), solana: primary('solana') })
          if (given.nftTokenId) setNftTokenId(given.nftTokenId)
          return `Test tokens added: 100 ${erc20.symbol}, NFT #${given.nftTokenId}, 10 ERC-1155 tokens and 100 ${splToken.symbol}.`
        })}
        {button('tx-approve', 'Approve tokens', (info) => send(devTransactions.approve(info)))}
        {button('tx-transfer', 'Transfer tokens', (info) => send(devTransactions.transfer(info)))}
        {button('tx-transfer-nft', 'Transfer an NFT', async (info) => {
          if (nftTokenId === null) throw new Error('You have no NFT yet: get test tokens first.')
          return send(devTransactions.transferNft(info, wallet('ethereum'), nftTokenId))
        })}
        {button('tx-batch', 'Send a batch of two', async (info) =>
          (await Promise.all([send(devTransactions.transfer(info, 1)), send(devTransactions.transfer(info, 1))])).join(' '),
        )}
        {button('tx-malicious', 'Unlimited approval to an unknown account', (info) => send(devTransactions.maliciousApproval(info)))}
        {button('tx-revert', 'Call that reverts', (info) => send(devTransactions.reverting(info)))}
        {button('tx-too-much', 'Send more ETH than I have', async () => send(devTransactions.tooMuchEth()))}
        {button('tx-send-spl', 'Send SPL tokens', ({ splToken }) => sendSplTokens(client, wallet('solana'), splToken))}
      </div>
      <p id="tx-result" className="result" role="status">
        {result}
      </p>
    </>
  )
}

/** The smart wallet (the dev app's Safe on Anvil, owned by the embedded wallet): two transfers as one user operation. */
function SmartWallet({ primary, onError }: { primary(chain: 'ethereum' | 'solana'): string | undefined; onError(error: unknown): void }) {
  const { client } = useSmartWallets()
  const [result, setResult] = useState('')
  const run = (action: () => Promise<string>) => () => {
    setResult('')
    void action().then(setResult, onError)
  }
  const address = client?.account.address
  return (
    <>
      <h2>Smart wallet</h2>
      <p>
        Address:{' '}
        <span id="smart-wallet-address" className="address">
          {address ?? 'not ready'}
        </span>
      </p>
      <div className="actions">
        <button
          id="smart-wallet-fund"
          type="button"
          disabled={!address}
          onClick={run(async () => (await fundWallets({ ethereum: address }), 'Test funds added: 1 ETH.'))}
        >
          Get test funds
        </button>
        <button
          id="smart-wallet-batch"
          type="button"
          disabled={!client}
          onClick={run(() =>
            client!.sendTransaction({
              calls: [
                { to: UNKNOWN_ACCOUNT as `0x${string}`, value: 1_000_000_000_000_000n },
                { to: primary('ethereum') as `0x${string}`, value: 1_000_000_000_000_000n },
              ],
            }),
          )}
        >
          Send a batch of two (one user operation)
        </button>
      </div>
      <p id="smart-wallet-result" className="result" role="status">
        {result}
      </p>
    </>
  )
}

/**
 * Wallet-action MFA: the enrolled methods and enrolment in the modal; a challenge is answered here, headless
 * (useRegisterMfaListener keeps the modal closed for it, useMfa answers it).
 */
function Mfa({ onError }: { onError(error: unknown): void }) {
  const { mfaMethods, challenge, init, submit, cancel } = useMfa()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const [code, setCode] = useState('')
  useRegisterMfaListener({ onMfaRequired: (methods) => void init(methods[0]!).catch(onError) })
  const answer = (event: FormEvent) => {
    event.preventDefault()
    const method = mfaMethods.includes('totp') ? 'totp' : 'sms'
    // A refused answer shows in the form (challenge.error); one that ends the challenge fails the operation itself.
    const clear = () => setCode('')
    submit(mfaMethods.includes('passkey') && !code ? { method: 'passkey' } : { method, code }).then(clear, clear)
  }
  return (
    <>
      <h2>MFA</h2>
      <ul id="mfa-methods">
        {mfaMethods.map((method) => (
          <li key={method} data-method={method}>
            {method}
          </li>
        ))}
      </ul>
      <div className="actions">
        <button id="enroll-mfa" type="button" onClick={showMfaEnrollmentModal}>
          Manage MFA
        </button>
      </div>
      {challenge && (
        <TopLayerDialog onCancel={cancel}>
          <form id="mfa-challenge" className="stack" onSubmit={answer}>
            <label htmlFor="mfa-code">Verification code</label>
            <input id="mfa-code" value={code} onChange={(event) => setCode(event.target.value)} inputMode="numeric" autoComplete="one-time-code" />
            {challenge.error && <p role="alert">{errorText(challenge.error)}</p>}
            <button id="mfa-submit" type="submit" disabled={challenge.blocked || challenge.status === 'submitting'}>
              Verify
            </button>
            <button id="mfa-cancel" type="button" onClick={cancel}>
              Cancel
            </button>
          </form>
        </TopLayerDialog>
      )}
    </>
  )
}

/** A modal dialog in the browser's top layer: above `<auth-modal>`, which shows the request's confirmation meanwhile. */
function TopLayerDialog({ onCancel, children }: { onCancel(): void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => dialog.current?.showModal(), [])
  return (
    <dialog ref={dialog} aria-label="Verify your identity" onCancel={onCancel}>
      {children}
    </dialog>
  )
}

function LinkedAccounts({ accounts, onError }: { accounts: LinkedAccount[]; onError(error: unknown): void }) {
  const { unlinkEmail, unlinkPhone, unlinkOAuth, unlinkPasskey, unlinkFarcaster, unlinkTelegram, unlinkWallet, unlinkSolanaWallet } = useUnlinkAccount()
  const { unlinkCrossAppAccount } = useCrossAppAccounts()
  const unlink = (account: LinkedAccount) => {
    if (account.type === 'email') return unlinkEmail(account.address)
    if (account.type === 'phone') return unlinkPhone(account.number)
    if (account.type === 'passkey') return unlinkPasskey(account.credentialId)
    if (account.type === 'cross_app') return unlinkCrossAppAccount({ subject: account.subject })
    if (account.type === 'farcaster') return unlinkFarcaster(account.fid)
    if (account.type === 'telegram') return unlinkTelegram(account.telegramUserId)
    if (account.type === 'wallet') return account.chainType === 'solana' ? unlinkSolanaWallet(account.address) : unlinkWallet(account.address)
    return unlinkOAuth(oauthProviderOf(account) as OAuthProvider, (account as { subject: string }).subject)
  }
  return (
    <ul id="linked-accounts">
      {accounts.map((account) => (
        <li key={`${account.type}:${accountIdentifier(account)}`} data-type={account.type}>
          {account.type}: <span className="identifier">{accountIdentifier(account)}</span>{' '}
          {canUnlink(account) && (
            <button
              type="button"
              className="unlink"
              aria-label={`Unlink ${account.type} ${accountIdentifier(account)}`}
              onClick={() => unlink(account).catch(onError)}
            >
              Unlink
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}

function Account({ demoSession }: { demoSession: DemoSession }) {
  const { ready, authenticated, user, logout } = useAuth()
  const { login } = useLogin()
  const { createGuestAccount } = useGuestAccounts()
  // Passkeys headless, without the modal (the vanilla demo goes through it).
  const { signupWithPasskey } = useSignupWithPasskey()
  const { loginWithPasskey } = useLoginWithPasskey()
  const { linkWithPasskey } = useLinkWithPasskey()
  const { linkEmail, linkPhone, linkGoogle, linkGithub, linkFarcaster, linkTelegram } = useLinkAccount()
  const [actionError, setError] = useState<string | null>(null)
  const customAuth = useCustomAuth()
  const error = actionError ?? (customAuth.error ? errorText(customAuth.error) : null)
  const [customUser, setCustomUser] = useState('alice')
  const onError = useCallback((caught: unknown) => setError(errorText(caught)), [])
  const run = (action: () => Promise<unknown>) => () => {
    setError(null)
    action().catch(onError)
  }
  const signInWithDemoAccount = (event: FormEvent) => {
    event.preventDefault()
    // The provider's `customAuth` prop sees the new token and signs the user in.
    run(() => demoSession.signIn(customUser))()
  }

  if (!ready) return <p role="status">Checking your session…</p>
  const errorLine = (
    <p id="action-error" role="alert" hidden={!error}>
      {error}
    </p>
  )
  if (!authenticated || !user) {
    return (
      <section id="signed-out">
        <p role="status">You are signed out.</p>
        {errorLine}
        <button id="login" type="button" onClick={() => login()}>
          Log in
        </button>
        <button id="guest-login" type="button" onClick={run(createGuestAccount)}>
          Continue as guest
        </button>
        <button id="passkey-signup" type="button" onClick={run(signupWithPasskey)}>
          Sign up with a passkey
        </button>
        <button id="passkey-login" type="button" onClick={run(loginWithPasskey)}>
          Log in with a passkey
        </button>
        <form id="custom-login-form" className="stack" onSubmit={signInWithDemoAccount}>
          {/* A stand-in for the app's own sign-in (custom JWT): the demo server issues a token for any name. */}
          <label htmlFor="custom-user">Demo app user name</label>
          <input id="custom-user" value={customUser} onChange={(event) => setCustomUser(event.target.value)} autoComplete="off" required />
          <button id="custom-login" type="submit">
            Sign in with the demo app's own account
          </button>
        </form>
      </section>
    )
  }
  return (
    <section id="signed-in">
      <p role="status">You are signed in.</p>
      {errorLine}
      <dl>
        <dt>User id</dt>
        <dd id="user-id">{user.id}</dd>
        <dt>Email</dt>
        <dd id="user-email">{user.email?.address}</dd>
        <dt>Phone</dt>
        <dd id="user-phone">{user.phone?.number}</dd>
        <dt>Guest</dt>
        <dd id="user-guest">{user.isGuest ? 'yes' : 'no'}</dd>
      </dl>
      <h2>Linked accounts</h2>
      <LinkedAccounts accounts={userLinkedAccounts(user)} onError={onError} />
      <div className="actions">
        <button id="link-email" type="button" onClick={linkEmail}>
          Link email
        </button>
        <button id="link-phone" type="button" onClick={linkPhone}>
          Link phone
        </button>
        <button id="link-google" type="button" onClick={linkGoogle}>
          Link Google
        </button>
        <button id="link-github" type="button" onClick={linkGithub}>
          Link GitHub
        </button>
        <button id="link-passkey" type="button" onClick={run(linkWithPasskey)}>
          Link passkey
        </button>
        <button id="link-farcaster" type="button" onClick={linkFarcaster}>
          Link Farcaster
        </button>
        <button id="link-telegram" type="button" onClick={linkTelegram}>
          Link Telegram
        </button>
      </div>
      <EmbeddedWallets onError={onError} />
      <Mfa onError={onError} />
      <button
        id="logout"
        type="button"
        onClick={run(async () => {
          demoSession.signOut()
          await logout()
        })}
      >
        Log out
      </button>
    </section>
  )
}

function App() {
  const { appId, apiUrl } = window.TESSERA_DEMO
  // The demo app's own session (custom JWT): Tessera follows it through the provider's `customAuth` prop.
  const [demoToken, setDemoToken] = useState(demoIdpSession.token)
  const getCustomAccessToken = useCallback(async () => demoToken, [demoToken])
  const demoSession = useMemo<DemoSession>(
    () => ({
      signIn: async (user) => setDemoToken(await demoIdpSession.signIn(user)),
      signOut: () => {
        demoIdpSession.signOut()
        setDemoToken(null)
      },
    }),
    [],
  )
  return (
    <TesseraProvider appId={appId} apiUrl={apiUrl} customAuth={{ isLoading: false, getCustomAccessToken }}>
      <main>
        <h1>Tessera</h1>
        <p className="lede">A React app using TesseraProvider and the Tessera hooks.</p>
        <Account demoSession={demoSession} />
      </main>
    </TesseraProvider>
  )
}

// Created before the provider mounts, so it shares this client and its Telegram widget host (the local stand-in).
const { telegramOAuthUrl } = window.TESSERA_DEMO
if (telegramOAuthUrl) getOrCreateClient({ ...window.TESSERA_DEMO, telegramOAuthUrl })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
