/**
 * The server's share rules in memory (one wallet per user, chain and index; versioned share sets; a stale reshare
 * refused; the old auth share gone after a reshare), behind the frame's `FrameApi`. Records every request body, so
 * tests can check what left the frame.
 */
import type { FrameApi } from '../api.js'
import { FrameError } from '../errors.js'
import type {
  EmbeddedChainType,
  EntropyIdVerifier,
  RecoveryShareInput,
  UserDto,
  WalletAccountDto,
} from '../../protocol/index.js'

interface StoredShareSet {
  userId: string
  chainType: EmbeddedChainType
  entropyId: string
  verifier: EntropyIdVerifier
  version: number
  authShare: string
  recovery: RecoveryShareInput
}
interface StoredWallet { userId: string; chainType: EmbeddedChainType; index: number; address: string; entropyId: string }

export interface RecordedRequest { endpoint: keyof FrameApi; accessToken: string; address?: string; body: unknown }

const same = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b)

export function fakeShareServer() {
  const tokens = new Map<string, string>()
  const shareSets: StoredShareSet[] = []
  const wallets: StoredWallet[] = []
  const requests: RecordedRequest[] = []

  const userOf = (accessToken: string) => {
    const userId = tokens.get(accessToken)
    if (!userId) throw new FrameError('error', 'Invalid or missing access token')
    return userId
  }
  const userDto = (userId: string): UserDto => ({
    id: userId,
    created_at: 0,
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: wallets.filter((wallet) => wallet.userId === userId).map((wallet): WalletAccountDto => ({
      type: 'wallet', address: wallet.address, chain_type: wallet.chainType, wallet_index: wallet.index,
      wallet_client_type: 'privy', connector_type: 'embedded', verified_at: 0, first_verified_at: null, latest_verified_at: null,
      recovery_method: shareSets.find((set) => set.entropyId === wallet.entropyId)?.recovery.method ?? 'privy',
    })),
  })
  const shareSetOf = (userId: string, address: string, chainType: EmbeddedChainType) => {
    const wallet = wallets.find((candidate) => candidate.userId === userId && candidate.chainType === chainType && same(candidate.address, address))
    const set = wallet && shareSets.find((candidate) => candidate.entropyId === wallet.entropyId)
    if (!set) throw new FrameError('error', 'Embedded wallet not found')
    return set
  }
  const record = (request: RecordedRequest) => void requests.push(structuredClone(request))

  const api: FrameApi = {
    async create(accessToken, body) {
      record({ endpoint: 'create', accessToken, body })
      const userId = userOf(accessToken)
      const existing = wallets.find((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type && wallet.index === 0)
      if (existing) return { user: userDto(userId), address: existing.address, entropy_id: existing.entropyId, created: false }
      shareSets.push({ userId, chainType: body.chain_type, entropyId: body.entropy_id, verifier: body.entropy_id_verifier, version: 1, authShare: body.auth_share, recovery: body.recovery })
      wallets.push({ userId, chainType: body.chain_type, index: 0, address: body.address, entropyId: body.entropy_id })
      return { user: userDto(userId), address: body.address, entropy_id: body.entropy_id, created: true }
    },
    async add(accessToken, body) {
      record({ endpoint: 'add', accessToken, body })
      const userId = userOf(accessToken)
      shareSetOf(userId, body.entropy_id, body.chain_type)
      const existing = wallets.find((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type && wallet.index === body.wallet_index)
      if (existing) return { user: userDto(userId), address: existing.address }
      const next = Math.max(...wallets.filter((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type).map((wallet) => wallet.index)) + 1
      if (body.wallet_index !== next) throw new FrameError('invalid_request_arguments', `The next wallet index is ${next}`)
      wallets.push({ userId, chainType: body.chain_type, index: body.wallet_index, address: body.address, entropyId: body.entropy_id })
      return { user: userDto(userId), address: body.address }
    },
    async authShare(accessToken, address, body) {
      record({ endpoint: 'authShare', accessToken, address, body })
      const set = shareSetOf(userOf(accessToken), address, body.chain_type)
      return { auth_share: set.authShare, share_version: set.version, entropy_id: set.entropyId, entropy_id_verifier: set.verifier }
    },
    async keyMaterial(accessToken, address, body) {
      record({ endpoint: 'keyMaterial', accessToken, address, body })
      const set = shareSetOf(userOf(accessToken), address, body.chain_type)
      const base = { auth_share: set.authShare, share_version: set.version, entropy_id: set.entropyId, entropy_id_verifier: set.verifier }
      return set.recovery.method === 'privy'
        ? { ...base, recovery_method: 'privy', recovery_share: set.recovery.share }
        : { ...base, recovery_method: 'user-passcode', sealed_recovery_share: set.recovery.sealed }
    },
    async reshare(accessToken, address, body) {
      record({ endpoint: 'reshare', accessToken, address, body })
      const userId = userOf(accessToken)
      const set = shareSetOf(userId, address, body.chain_type)
      if (body.previous_share_version !== set.version) throw new FrameError('invalid_request_arguments', 'Wallet shares changed on another device')
      Object.assign(set, { version: set.version + 1, authShare: body.auth_share, recovery: body.recovery })
      return { user: userDto(userId), share_version: set.version }
    },
  }

  return {
    api,
    requests,
    shareSets,
    wallets,
    signIn: (accessToken: string, userId: string) => void tokens.set(accessToken, userId),
    signOut: (accessToken: string) => void tokens.delete(accessToken),
  }
}
