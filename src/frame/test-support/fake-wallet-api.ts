/**
 * The wallet API's rules for server-managed wallets in memory, behind the frame's `ServerWalletApi`: user signers
 * registered per session (base64 SPKI), every rpc checked as the server does (the authorization signature verified
 * with node:crypto over the canonical payload, the expiry, a second use refused) and signed with real keys. Records
 * every call, so tests can check what left the frame.
 */
import { createPublicKey, verify } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { hexToBytes, keccak256, toHex, type TransactionSerializable } from 'viem'
import {
  AUTHORIZATION_SIGNATURE_HEADER,
  authorizationPayload,
  authorizationSignatureMessages,
  encodeBase58,
  REQUEST_EXPIRY_HEADER,
  type EmbeddedChainType,
  type ServerWallet,
  type ServerWalletRpcBody,
  type ServerWalletRpcResponse,
  type UserDto,
  type WalletAccountDto,
} from '../../protocol/index.js'
import { exportedKeyText } from '../../protocol/custody/exported-key.js'
import { walletExportSuite } from '../../protocol/custody/wallet-export-hpke.js'
import { base64ToBytes, bytesToBase64 } from '../encoding.js'
import { FrameError } from '../errors.js'
import type { ServerWalletApi } from '../server-wallets/api.js'

export const FAKE_FRAME_ORIGIN = 'https://wallets.tessera.test'

interface HeldWallet {
  wallet: ServerWallet
  userId: string
  ethereumKey?: `0x${string}`
  solanaSeed?: Uint8Array
}
export interface RecordedWalletApiCall {
  endpoint: string
  accessToken: string
  body: unknown
  headers?: Record<string, string>
}

const refused = (message: string) => new FrameError('error', message)
const quantity = (value: unknown) => (value === undefined ? undefined : BigInt(value as string | number))

function signedTransaction(key: `0x${string}`, tx: Record<string, unknown>): Promise<`0x${string}`> {
  const common = {
    chainId: Number(tx.chain_id),
    nonce: Number(tx.nonce),
    to: tx.to as `0x${string}`,
    data: tx.data as `0x${string}` | undefined,
    value: quantity(tx.value),
    gas: quantity(tx.gas_limit),
  }
  const serializable: TransactionSerializable =
    tx.type === 2
      ? { ...common, type: 'eip1559', maxFeePerGas: quantity(tx.max_fee_per_gas), maxPriorityFeePerGas: quantity(tx.max_priority_fee_per_gas) }
      : { ...common, type: 'legacy', gasPrice: quantity(tx.gas_price) }
  return privateKeyToAccount(key).signTransaction(serializable)
}

export function fakeWalletApi(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now
  const tokens = new Map<string, string>()
  const signers = new Map<string, string>()
  const wallets: HeldWallet[] = []
  const usedSignatures = new Set<string>()
  const calls: RecordedWalletApiCall[] = []
  /** Sponsored sends are answered unless `refusal` is set (as the server's policy refuses). */
  const sponsorship: { refusal: FrameError | null } = { refusal: null }
  const sponsoredHashes: `0x${string}`[] = []
  /** The base58 signatures answered for sponsored Solana sends. */
  const sponsoredSignatures: string[] = []
  /** `keyFor` replaces the key a wallet's export seals (a server answering with another wallet's key). */
  const exported: { keyFor?: (held: HeldWallet) => Uint8Array } = {}

  const userOf = (accessToken: string) => {
    const userId = tokens.get(accessToken)
    if (!userId) throw refused('Invalid or missing access token')
    return userId
  }
  const account = ({ wallet }: HeldWallet): WalletAccountDto => ({
    type: 'wallet',
    id: wallet.id,
    address: wallet.address,
    chain_type: wallet.chain_type,
    wallet_index: wallet.wallet_index,
    imported: wallet.imported,
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    recovery_method: wallet.recovery_method,
    verified_at: 0,
    first_verified_at: null,
    latest_verified_at: null,
  })
  const userDto = (userId: string): UserDto => ({
    id: userId,
    created_at: 0,
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: wallets.filter((held) => held.userId === userId).map(account),
  })

  function hold(userId: string, chainType: EmbeddedChainType, imported: boolean, key?: Uint8Array | `0x${string}`, walletIndex = 0): ServerWallet {
    const existing = wallets.find(
      (held) =>
        held.userId === userId && held.wallet.chain_type === chainType && !imported && !held.wallet.imported && held.wallet.wallet_index === walletIndex,
    )
    if (existing) return existing.wallet
    const held: HeldWallet = {
      userId,
      wallet: {
        id: `wallet-${wallets.length + 1}`,
        address: '',
        chain_type: chainType,
        wallet_index: walletIndex,
        recovery_method: 'privy-v2',
        imported,
        created_at: now(),
        imported_at: imported ? now() : null,
        exported_at: null,
        policy_ids: [],
        additional_signers: [],
        owner_id: null,
      },
    }
    if (chainType === 'ethereum') {
      held.ethereumKey = (key as `0x${string}` | undefined) ?? generatePrivateKey()
      held.wallet.address = privateKeyToAccount(held.ethereumKey).address
    } else {
      held.solanaSeed = (key as Uint8Array | undefined) ?? ed25519.utils.randomPrivateKey()
      held.wallet.address = encodeBase58(ed25519.getPublicKey(held.solanaSeed))
    }
    wallets.push(held)
    return held.wallet
  }

  /** The server's check: a registered signer of this session signed this very request, unexpired, not seen before. */
  function checkAuthorization(accessToken: string, walletId: string, body: unknown, headers: Record<string, string>, action = 'rpc'): void {
    const signature = headers[AUTHORIZATION_SIGNATURE_HEADER]
    const expiry = Number(headers[REQUEST_EXPIRY_HEADER])
    if (!signature || !Number.isFinite(expiry)) throw refused(authorizationSignatureMessages.missing)
    if (expiry <= now()) throw refused(authorizationSignatureMessages.expired)
    const publicKey = signers.get(accessToken)
    const payload = authorizationPayload({
      method: 'POST',
      url: `${FAKE_FRAME_ORIGIN}/api/v1/wallets/${walletId}/${action}`,
      body,
      appId: api.appId,
      expiresAt: expiry,
    })
    const key = publicKey && createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
    if (!key || !verify('sha256', Buffer.from(payload), key, Buffer.from(signature, 'base64'))) throw refused(authorizationSignatureMessages.invalid)
    if (usedSignatures.has(signature)) throw refused(authorizationSignatureMessages.used)
    usedSignatures.add(signature)
  }

  async function answer(held: HeldWallet, body: ServerWalletRpcBody): Promise<ServerWalletRpcResponse> {
    const params = body.params as Record<string, any>
    if (body.method === 'signMessage') {
      return { method: 'signMessage', data: { signature: bytesToBase64(ed25519.sign(base64ToBytes(params.message)!, held.solanaSeed!)), encoding: 'base64' } }
    }
    if (body.method === 'signAndSendTransaction' && body.sponsor) {
      if (sponsorship.refusal) throw sponsorship.refusal
      // The wallet's signature over the bytes asked stands in for the signature of the transaction the server sends.
      const hash = encodeBase58(ed25519.sign(base64ToBytes(params.transaction)!, held.solanaSeed!))
      sponsoredSignatures.push(hash)
      return { method: 'signAndSendTransaction', data: { hash, caip2: body.caip2 } }
    }
    const signer = privateKeyToAccount(held.ethereumKey!)
    if (body.method === 'personal_sign') {
      const message = params.encoding === 'hex' ? { raw: params.message as `0x${string}` } : params.message
      return { method: 'personal_sign', data: { signature: await signer.signMessage({ message }), encoding: 'hex' } }
    }
    if (body.method === 'eth_signTransaction')
      return { method: 'eth_signTransaction', data: { signed_transaction: await signedTransaction(held.ethereumKey!, params.transaction), encoding: 'rlp' } }
    if (body.method === 'secp256k1_sign') return { method: 'secp256k1_sign', data: { signature: await signer.sign({ hash: params.hash }), encoding: 'hex' } }
    if (body.method === 'eth_sendTransaction' && body.sponsor) {
      if (sponsorship.refusal) throw sponsorship.refusal
      // The bundle transaction's hash stands in as a hash of what was asked.
      const hash = keccak256(toHex(JSON.stringify(body)))
      sponsoredHashes.push(hash)
      return { method: 'eth_sendTransaction', data: { hash, caip2: body.caip2 } }
    }
    throw refused(`Unsupported method ${body.method}`)
  }

  const api: ServerWalletApi & { appId: string } = {
    appId: '',
    urlOf: (path) => `${FAKE_FRAME_ORIGIN}${path}`,
    async create(accessToken, body) {
      calls.push({ endpoint: 'create', accessToken, body })
      return hold(userOf(accessToken), body.chain_type, false, undefined, body.wallet_index)
    },
    async import(accessToken, body) {
      calls.push({ endpoint: 'import', accessToken, body })
      const key = body.chain_type === 'ethereum' ? (body.private_key as `0x${string}`) : undefined
      return hold(userOf(accessToken), body.chain_type, true, key)
    },
    async registerUserSigner(accessToken, body) {
      calls.push({ endpoint: 'registerUserSigner', accessToken, body })
      userOf(accessToken)
      signers.set(accessToken, body.public_key)
      return { expires_at: now() + 30 * 24 * 3600_000 }
    },
    async rpc(accessToken, walletId, body, headers) {
      calls.push({ endpoint: 'rpc', accessToken, body, headers })
      const held = wallets.find((candidate) => candidate.wallet.id === walletId && candidate.userId === userOf(accessToken))
      if (!held) throw refused('Wallet not found')
      checkAuthorization(accessToken, walletId, body, headers)
      return answer(held, body)
    },
    async export(accessToken, walletId, body, headers) {
      calls.push({ endpoint: 'export', accessToken, body, headers })
      const held = wallets.find((candidate) => candidate.wallet.id === walletId && candidate.userId === userOf(accessToken))
      if (!held) throw refused('Wallet not found')
      checkAuthorization(accessToken, walletId, body, headers, 'export')
      const privateKey = held.ethereumKey ? hexToBytes(held.ethereumKey) : held.solanaSeed!
      const recipientPublicKey = await crypto.subtle.importKey(
        'spki',
        Buffer.from(body.recipient_public_key, 'base64'),
        { name: 'ECDH', namedCurve: 'P-256' },
        true,
        [],
      )
      const sealed = await walletExportSuite().seal(
        { recipientPublicKey },
        new TextEncoder().encode(exportedKeyText(held.wallet.chain_type, exported.keyFor?.(held) ?? privateKey)),
      )
      return { encryption_type: 'HPKE', ciphertext: Buffer.from(sealed.ct).toString('base64'), encapsulated_key: Buffer.from(sealed.enc).toString('base64') }
    },
  }
  return {
    api,
    calls,
    signers,
    sponsorship,
    sponsoredHashes,
    sponsoredSignatures,
    exported,
    user: (accessToken: string) => userDto(userOf(accessToken)),
    signIn: (accessToken: string, userId: string) => void tokens.set(accessToken, userId),
    createFor: (userId: string, chainType: EmbeddedChainType) => hold(userId, chainType, false),
  }
}
