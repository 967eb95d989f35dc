// The reference's own React SDK (react-auth 2.25.0, unchanged) against Tessera's server, through its own hooks only:
// email sign-in, Ethereum and Solana embedded wallets, signing and sending on the dev app's local chains.
// Plain JSX: react-auth 2.25's props have no `apiUrl`, which it reads all the same.
import './buffer-global.js'
import { PrivyProvider, useCreateWallet, useLoginWithEmail, usePrivy, useSendTransaction, useSignMessage, useWallets } from '@privy-io/react-auth'
import { useSendTransaction as useSendSolanaTransaction, useSignMessage as useSignSolanaMessage, useSolanaWallets } from '@privy-io/react-auth/solana'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ETH_AMOUNT_WEI, ETH_RECIPIENT, fundWallets, SOL_AMOUNT_LAMPORTS, SOL_RECIPIENT } from '../shared/local-chains.js'

const { appId, apiUrl } = window.TESSERA_DEMO
const noUi = { showWalletUIs: false }

/** The dev app's local chains, reached through our API's chain relay (the app config names them). */
async function localChains() {
  const response = await fetch(`${apiUrl}/api/v1/apps/${appId}`, { headers: { 'privy-app-id': appId } })
  const config = await response.json()
  const chain = config.chains.find((candidate) => candidate.id === config.default_chain_id)
  const cluster = config.solana_clusters[0]
  return {
    evm: {
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.native_currency,
      rpcUrls: { default: { http: [`${apiUrl}/api/v1/apps/${appId}/rpc/evm/${chain.id}`] } },
    },
    solana: { name: cluster.name, rpcUrl: `${apiUrl}/api/v1/apps/${appId}/rpc/solana/${cluster.name}` },
  }
}

/** Runs one step and shows its result (or its error) under `name`, for the person or test watching. */
function useStep() {
  const [results, setResults] = useState({})
  const run = (name, action) => async () => {
    setResults((current) => ({ ...current, [name]: 'running' }))
    try {
      const value = await action()
      setResults((current) => ({ ...current, [name]: `ok:${value ?? ''}` }))
    } catch (error) {
      console.error(name, error)
      setResults((current) => ({ ...current, [name]: `error:${error instanceof Error ? error.message : String(error)}` }))
    }
  }
  return { results, run }
}

const bytesToBase64 = (bytes) => btoa(String.fromCharCode(...bytes))

/**
 * The local Solana endpoint has no subscriptions and answers transactions in json, not jsonParsed: this page's
 * Connection confirms by polling and reads the receipt react-auth asks for in json.
 */
class LocalConnection extends Connection {
  async confirmTransaction(signature) {
    for (let attempt = 0; attempt < 120; attempt++) {
      const {
        context,
        value: [status],
      } = await this.getSignatureStatuses([signature])
      if (status?.err || status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
        return { context, value: { err: status.err } }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error(`Transaction ${signature} was not confirmed`)
  }

  getParsedTransaction(signature, options) {
    return this.getTransaction(signature, options)
  }
}

function Page({ chains }) {
  const { ready, authenticated, user, getAccessToken, logout } = usePrivy()
  const { sendCode, loginWithCode } = useLoginWithEmail()
  const { wallets } = useWallets()
  const { wallets: solanaWallets, createWallet: createSolanaWallet } = useSolanaWallets()
  const { createWallet } = useCreateWallet()
  const { signMessage } = useSignMessage()
  const { sendTransaction } = useSendTransaction()
  const { signMessage: signSolanaMessage } = useSignSolanaMessage()
  const { sendTransaction: sendSolanaTransaction } = useSendSolanaTransaction()
  const { results, run } = useStep()
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')

  const ethereum = wallets.find((wallet) => wallet.walletClientType === 'privy')
  const solana = solanaWallets.find((wallet) => wallet.walletClientType === 'privy')
  const connection = new LocalConnection(chains.solana.rpcUrl, 'confirmed')

  const steps = {
    'send-code': () => sendCode({ email }),
    login: () => loginWithCode({ code }).then(() => 'signed in'),
    token: () => getAccessToken(),
    'create-ethereum': async () => (await createWallet()).address,
    'create-solana': async () => (await createSolanaWallet()).address,
    fund: () => fundWallets({ ethereum: ethereum.address, solana: solana.address }),
    'sign-ethereum': async () => (await signMessage({ message: 'Hello from react-auth' }, { uiOptions: noUi, address: ethereum.address })).signature,
    'send-ethereum': async () => {
      const { hash } = await sendTransaction(
        { to: ETH_RECIPIENT, value: ETH_AMOUNT_WEI, chainId: chains.evm.id },
        { uiOptions: noUi, address: ethereum.address },
      )
      return hash
    },
    'sign-solana': async () =>
      bytesToBase64(
        await signSolanaMessage({ message: new TextEncoder().encode('Hello from react-auth'), options: { uiOptions: noUi, address: solana.address } }),
      ),
    'send-solana': async () => {
      const from = new PublicKey(solana.address)
      const transaction = new Transaction().add(
        SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(SOL_RECIPIENT), lamports: SOL_AMOUNT_LAMPORTS }),
      )
      transaction.feePayer = from
      transaction.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
      const receipt = await sendSolanaTransaction({ transaction, connection, uiOptions: noUi, address: solana.address })
      return receipt.signature
    },
    logout: () => logout(),
  }

  return (
    <main>
      <h1>The reference React SDK on Tessera</h1>
      <p data-testid="status">{!ready ? 'loading' : authenticated ? `signed in as ${user?.id}` : 'signed out'}</p>
      <p data-testid="ethereum-address">{ethereum?.address ?? ''}</p>
      <p data-testid="solana-address">{solana?.address ?? ''}</p>
      <label>
        Email <input data-testid="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <label>
        Code <input data-testid="code" value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      <ul>
        {Object.entries(steps).map(([name, action]) => (
          <li key={name}>
            <button type="button" data-testid={`run-${name}`} onClick={run(name, action)}>
              {name}
            </button>
            <output data-testid={`result-${name}`}>{results[name] ?? ''}</output>
          </li>
        ))}
      </ul>
    </main>
  )
}

const chains = await localChains()
createRoot(document.getElementById('app')).render(
  <PrivyProvider
    appId={appId}
    apiUrl={apiUrl}
    config={{
      loginMethods: ['email'],
      embeddedWallets: { showWalletUIs: false, ethereum: { createOnLogin: 'off' }, solana: { createOnLogin: 'off' } },
      supportedChains: [chains.evm],
      defaultChain: chains.evm,
      solanaClusters: [{ name: chains.solana.name, rpcUrl: chains.solana.rpcUrl }],
    }}
  >
    <Page chains={chains} />
  </PrivyProvider>,
)
