/**
 * A stand-in for the wallet frame in unit tests (the real frame is tested with the server end to end): it keeps the
 * user's wallets and "device shares" in memory and signs with real keys (viem for Ethereum, ed25519 for Solana),
 * so what the core does with the answers runs against real chains.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { Keypair } from '@solana/web3.js'
import { generateMnemonic, english } from 'viem/accounts'
import { mnemonicToAccount } from 'viem/accounts'
import type { HDAccount, TransactionSerializable } from 'viem'
import type {
  FrameErrorType,
  FrameRequestData,
  FrameRequestEvent,
  FrameResponseData,
  FrameTransactionRequest,
  LinkedAccountDto,
  SolanaFrameRequest,
  UserDto,
} from '../../../../protocol/index.js'
import { TesseraError } from '../../../errors/base-error.js'
import { frameError } from '../../../errors/embedded-wallet-errors.js'
import type { FrameClient } from '../frame-client.js'

interface FakeWallet {
  chainType: 'ethereum' | 'solana'
  address: string
  index: number
  entropyId: string
  recoveryMethod: 'privy' | 'user-passcode' | 'google-drive' | 'privy-v2'
  id?: string
}

export interface FakeFrame extends FrameClient {
  calls: { event: FrameRequestEvent; data: unknown }[]
  /** How often the client asked for the frame ahead of a request. */
  warmUps: number
  /** Forgets every device share (a new device, or cleared storage). */
  clearDevice(): void
  /** The next call of `event` fails with a plain frame error. */
  failNext(event: FrameRequestEvent, message: string, type?: FrameErrorType): void
  /** Answers are held until `release()` (to observe in-flight states). */
  hold(): void
  release(): void
  /** The Ethereum account behind an address (tests fund it on anvil). */
  ethereumAccount(address: string): HDAccount
  /** The user as the server knows it now, wallets included (the fake API answers with it). */
  user(): UserDto
  /** Sends a server-managed wallet's sponsored transaction as the wallet API would, answering the hash; null: refused. */
  sponsoredSend: ((transaction: FrameTransactionRequest) => Promise<string>) | null
  /** The same for a Solana one, answering the base58 signature; `wallet` is the key the wallet API holds. */
  sponsoredSolanaSend: ((send: FakeSponsoredSolanaSend) => Promise<string>) | null
}

/** What the wallet API gets for a sponsored Solana send (the unsigned wire transaction, base64), and the wallet's key. */
export interface FakeSponsoredSolanaSend {
  transaction: string
  caip2: string
  wallet: Keypair
}

/** `serverManaged`: wallets are created as the wallet API's (privy-v2, with an id, nothing on the device); their rpc needs the id. */
export function createFakeFrame(options: { baseUser: () => UserDto; passwords?: Map<string, string>; serverManaged?: boolean }): FakeFrame {
  const wallets: FakeWallet[] = []
  const mnemonics = new Map<string, string>()
  const solanaSeeds = new Map<string, Uint8Array>()
  const device = new Set<string>()
  const passwords = options.passwords ?? new Map<string, string>()
  const failures = new Map<FrameRequestEvent, { message: string; type: FrameErrorType }>()
  const calls: FakeFrame['calls'] = []
  let held: (() => void)[] | null = null

  const ethereumAt = (entropyId: string, index: number) => mnemonicToAccount(mnemonics.get(entropyId)!, { addressIndex: index })
  // Solana: one seed per (share set, index), standing in for SLIP-0010 derivation.
  const solanaKey = (entropyId: string, index: number) => solanaSeeds.get(`${entropyId}/${index}`)!

  function user(): UserDto {
    const base = options.baseUser()
    const accounts: LinkedAccountDto[] = wallets.map((wallet) => ({
      type: 'wallet',
      ...(wallet.id && { id: wallet.id }),
      address: wallet.address,
      chain_type: wallet.chainType,
      wallet_client_type: 'privy',
      connector_type: 'embedded',
      recovery_method: wallet.recoveryMethod,
      wallet_index: wallet.index,
      imported: false,
      delegated: false,
      verified_at: 1_700_000_000,
      first_verified_at: 1_700_000_000,
      latest_verified_at: 1_700_000_000,
    }))
    return { ...base, linked_accounts: [...base.linked_accounts, ...accounts] }
  }

  function newWallet(chainType: 'ethereum' | 'solana', index: number, entropyId: string | null, recoveryMethod: FakeWallet['recoveryMethod']): FakeWallet {
    if (chainType === 'ethereum') {
      const mnemonic = entropyId ? mnemonics.get(entropyId)! : generateMnemonic(english)
      const address = mnemonicToAccount(mnemonic, { addressIndex: index }).address
      const id = entropyId ?? address
      mnemonics.set(id, mnemonic)
      return { chainType, address, index, entropyId: id, recoveryMethod }
    }
    const keypair = Keypair.generate()
    const address = keypair.publicKey.toBase58()
    const id = entropyId ?? address
    solanaSeeds.set(`${id}/${index}`, keypair.secretKey.slice(0, 32))
    return { chainType, address, index, entropyId: id, recoveryMethod }
  }

  async function answer(event: FrameRequestEvent, data: Record<string, any>): Promise<unknown> {
    if (!data.accessToken) throw frameError('error', 'Missing access token')
    const failure = failures.get(event)
    if (failure) {
      failures.delete(event)
      throw frameError(failure.type, failure.message)
    }
    switch (event) {
      case 'wallet:create':
      case 'solana-wallet:create': {
        const chainType = event === 'wallet:create' ? 'ethereum' : 'solana'
        const existing = wallets.find((wallet) => wallet.chainType === chainType && wallet.index === 0)
        // As the server answers `created: false`: the existing wallet, no new shares.
        if (existing) return result(existing)
        const wallet = newWallet(chainType, 0, null, options.serverManaged ? 'privy-v2' : (data.recoveryMethod ?? 'privy'))
        if (data.recoveryPassword) passwords.set(wallet.entropyId, data.recoveryPassword)
        wallets.push(wallet)
        if (options.serverManaged) wallet.id = `server-wallet-${wallets.length}`
        else device.add(wallet.entropyId)
        return result(wallet)
      }
      case 'wallets:add': {
        if (options.serverManaged) {
          // The wallet API's next wallet: a key of its own, not derived from the primary.
          const existing = wallets.find((wallet) => wallet.chainType === data.chainType && wallet.index === data.hdWalletIndex)
          if (existing) return result(existing)
          const wallet = newWallet(data.chainType, data.hdWalletIndex, null, 'privy-v2')
          wallets.push(wallet)
          wallet.id = `server-wallet-${wallets.length}`
          return result(wallet)
        }
        if (!device.has(data.entropyId)) throw frameError('wallet_not_on_device', 'Wallet not on device')
        const primary = wallets.find((wallet) => wallet.entropyId === data.entropyId && wallet.index === 0)!
        const wallet = newWallet(data.chainType, data.hdWalletIndex, data.entropyId, primary.recoveryMethod)
        wallets.push(wallet)
        return result(wallet)
      }
      case 'connect':
        if (!device.has(data.entropyId)) throw frameError('wallet_not_on_device', 'Wallet not on device')
        return { entropyId: data.entropyId }
      case 'recover': {
        const password = passwords.get(data.entropyId)
        if (password !== undefined && data.recoveryPassword !== password)
          throw frameError('invalid_recovery_pin', 'Invalid recovery password, please try again.')
        device.add(data.entropyId)
        return { entropyId: data.entropyId }
      }
      case 'rpc':
        if (serverWalletOf(data)) return { method: data.request.method, data: await sign(data as FrameRequestData['rpc']) }
        if (!device.has(data.entropyId)) throw frameError('wallet_not_on_device', 'Wallet not on device')
        return { method: data.request.method, data: await sign(data as FrameRequestData['rpc']) }
      case 'set-recovery': {
        if (!device.has(data.entropyId)) throw frameError('wallet_not_on_device', 'Wallet not on device')
        for (const wallet of wallets) if (wallet.entropyId === data.entropyId) wallet.recoveryMethod = data.recoveryMethod
        if (data.recoveryMethod === 'user-passcode') passwords.set(data.entropyId, data.recoveryPassword)
        else passwords.delete(data.entropyId)
        return { entropyId: data.entropyId, user: user() }
      }
      default:
        throw frameError('error', 'Unsupported recovery action')
    }
  }

  /** The server-managed wallet a request names by id; an id of no such wallet is refused as the server refuses it. */
  function serverWalletOf(data: Record<string, any>): FakeWallet | null {
    if (data.walletId === undefined) return null
    const wallet = wallets.find((candidate) => candidate.id === data.walletId && candidate.entropyId === data.entropyId)
    if (!wallet) throw frameError('error', 'Wallet not found')
    return wallet
  }

  function result(wallet: FakeWallet): FrameResponseData['wallet:create'] {
    return {
      user: user(),
      address: wallet.address,
      entropyId: wallet.entropyId,
      entropyIdVerifier: wallet.chainType === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
    }
  }

  async function sign(data: FrameRequestData['rpc']): Promise<string | { signature: string }> {
    if (data.chainType === 'solana') {
      if (data.request.method === 'signAndSendTransaction') return { signature: await sponsoredSolana(data, data.request) }
      const message = Uint8Array.from(atob(data.request.params.message), (char) => char.charCodeAt(0))
      const signature = ed25519.sign(message, solanaKey(data.entropyId, data.hdWalletIndex))
      return { signature: btoa(String.fromCharCode(...signature)) }
    }
    const account = ethereumAt(data.entropyId, data.hdWalletIndex)
    const { request } = data
    if (request.method === 'personal_sign') return account.signMessage({ message: { raw: request.params[0] } })
    if (request.method === 'eth_signTypedData_v4') return account.signTypedData(JSON.parse(request.params[1]))
    if (request.method === 'eth_signTransaction') return account.signTransaction(toSerializable(request.params[0]))
    if (request.method === 'secp256k1_sign') return account.sign({ hash: request.params[0] })
    if (request.method === 'eth_sendTransaction' && data.walletId !== undefined && fake.sponsoredSend) return fake.sponsoredSend(request.params[0])
    throw frameError('invalid_request_arguments', `Unsupported method ${(request as { method: string }).method}`)
  }

  /** Only a server-managed wallet's sends are sponsored, as the frame refuses them for on-device wallets. */
  function sponsoredSolana(data: FrameRequestData['rpc'], request: Extract<SolanaFrameRequest, { method: 'signAndSendTransaction' }>): Promise<string> {
    if (data.walletId === undefined || !fake.sponsoredSolanaSend) throw frameError('invalid_request_arguments', `Unsupported method ${request.method}`)
    const wallet = Keypair.fromSeed(solanaKey(data.entropyId, data.hdWalletIndex))
    return fake.sponsoredSolanaSend({ transaction: request.params.transaction, caip2: request.caip2, wallet })
  }

  const fake: FakeFrame = {
    sponsoredSend: null,
    sponsoredSolanaSend: null,
    calls,
    user,
    async request(event, data) {
      calls.push({ event, data })
      if (held) await new Promise<void>((resolve) => held!.push(resolve))
      return answer(event, data as Record<string, any>) as Promise<FrameResponseData[typeof event]>
    },
    warmUps: 0,
    warmUp() {
      this.warmUps++
    },
    destroy() {},
    clearDevice: () => device.clear(),
    failNext: (event, message, type = 'error') => void failures.set(event, { message, type }),
    hold: () => void (held ??= []),
    release() {
      const waiting = held ?? []
      held = null
      for (const resume of waiting) resume()
    },
    ethereumAccount(address) {
      const wallet = wallets.find((candidate) => candidate.address === address)
      if (!wallet) throw new TesseraError({ code: 'embedded_wallet_not_found', shortMessage: 'Embedded wallet not found' })
      return ethereumAt(wallet.entropyId, wallet.index)
    },
  }
  return fake
}

function toSerializable(transaction: FrameTransactionRequest): TransactionSerializable {
  const common = {
    chainId: transaction.chainId,
    nonce: transaction.nonce,
    to: transaction.to ?? null,
    value: transaction.value ? BigInt(transaction.value) : undefined,
    data: transaction.data,
    gas: BigInt(transaction.gas),
  }
  if (transaction.type === 'eip1559') {
    return { ...common, type: 'eip1559', maxFeePerGas: BigInt(transaction.maxFeePerGas!), maxPriorityFeePerGas: BigInt(transaction.maxPriorityFeePerGas!) }
  }
  if (transaction.type === 'eip2930') return { ...common, type: 'eip2930', gasPrice: BigInt(transaction.gasPrice!), accessList: transaction.accessList ?? [] }
  return { ...common, type: 'legacy', gasPrice: BigInt(transaction.gasPrice!) }
}
