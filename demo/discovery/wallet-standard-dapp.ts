// A Solana dapp that knows nothing of Tessera: it finds wallets with @wallet-standard/app's getWallets() and uses the
// standard features of the one the user picks (connect, signMessage, signIn, signAndSendTransaction of a @solana/kit transfer).
import { ed25519 } from '@noble/curves/ed25519.js'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features'
import { verifySignIn } from '@solana/wallet-standard-util'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { StandardConnect, StandardEvents, type StandardConnectFeature, type StandardEventsFeature } from '@wallet-standard/features'
import { fundWallets, rpc, SOL_AMOUNT_LAMPORTS, SOL_RECIPIENT } from '../shared/local-chains.js'
import type { DappPage } from './dapp-page.js'

export const DAPP_MESSAGE = 'Hello from a dapp that found this wallet with @wallet-standard/app'
/** The cluster the dapp works on (the dev app's devnet is the local Solana endpoint). */
const CHAIN = 'solana:devnet'

const isSolanaWallet = (wallet: Wallet) =>
  wallet.chains.includes(CHAIN) && StandardConnect in wallet.features && SolanaSignAndSendTransaction in wallet.features

/** `rpcUrl`: the page operator's RPC of the cluster, for the transaction's blockhash. */
export function mountWalletStandardDapp(page: DappPage, rpcUrl: string): void {
  const wallets = getWallets()
  let connected: { wallet: Wallet; account: WalletAccount } | null = null

  async function connect(name: string) {
    const wallet = wallets.get().find((candidate) => candidate.name === name)!
    const { accounts } = await (wallet.features as StandardConnectFeature)[StandardConnect].connect()
    const account = accounts.find((candidate) => candidate.chains.includes(CHAIN))
    connected = account ? { wallet, account } : null
    page.showAccount(connected?.account.address ?? null)
    ;(wallet.features as StandardEventsFeature)[StandardEvents]?.on('change', ({ accounts: next }) => {
      if (next && connected?.wallet === wallet && !next.some((candidate) => candidate.address === connected!.account.address))
        page.showAccount((connected = null))
    })
  }
  const show = () =>
    page.showWallets(
      wallets
        .get()
        .filter(isSolanaWallet)
        .map(({ name, icon }) => ({ id: name, name, icon })),
      (name) => void connect(name),
    )
  show()
  wallets.on('register', show)
  wallets.on('unregister', show)

  page.onAction('fund', async () => {
    await fundWallets({ solana: connected!.account.address })
    return 'Test funds added'
  })
  page.onAction('sign', async () => {
    const { wallet, account } = connected!
    const message = new TextEncoder().encode(DAPP_MESSAGE)
    const [output] = await (wallet.features as SolanaSignMessageFeature)[SolanaSignMessage].signMessage({ account, message })
    if (!ed25519.verify(output!.signature, message, account.publicKey as Uint8Array)) throw new Error('The signature does not verify')
    return `Signature verified: ${getBase58Decoder().decode(output!.signature)}`
  })
  page.onAction('sign-in', async () => {
    const { wallet } = connected!
    const input = {
      domain: location.host,
      statement: 'Sign in to the wallet-standard dapp',
      uri: location.href,
      version: '1',
      chainId: CHAIN,
      nonce: crypto.randomUUID().slice(0, 8),
      issuedAt: new Date().toISOString(),
    }
    const [output] = await (wallet.features as SolanaSignInFeature)[SolanaSignIn].signIn(input)
    if (!verifySignIn(input, output!)) throw new Error('The sign-in does not verify')
    return `Signed in with Solana as ${output!.account.address}`
  })
  page.onAction('send', async () => {
    const { wallet, account } = connected!
    const [output] = await (wallet.features as SolanaSignAndSendTransactionFeature)[SolanaSignAndSendTransaction].signAndSendTransaction({
      account,
      chain: CHAIN,
      transaction: await transferTransaction(rpcUrl, account.address),
    })
    const signature = getBase58Decoder().decode(output!.signature)
    const {
      value: [status],
    } = await rpc(rpcUrl, 'getSignatureStatuses', [[signature]])
    return `Transaction ${status?.confirmationStatus ?? 'sent'}: ${signature}`
  })
}

/** 0.001 SOL to the dev recipient, the wallet paying: a @solana/kit message, compiled to wire bytes for the wallet to sign. */
async function transferTransaction(rpcUrl: string, from: string): Promise<Uint8Array> {
  const { value: latest } = await rpc(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, draft),
    (draft) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: payer, destination: address(SOL_RECIPIENT), amount: lamports(SOL_AMOUNT_LAMPORTS) }),
        draft,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
