/**
 * The server's share rules in memory (one wallet per user, chain and index; versioned share sets; a stale reshare
 * refused; the old auth share gone after a reshare), behind the frame's `FrameApi`. Records every request body, so
 * tests can check what left the frame. MFA as the server does it: a user with a method gets `missing_or_invalid_mfa`
 * on gated calls until a verification in that session (the frame's MFA token is the session's verified mark here);
 * a wrong code is 'The code you entered is not valid', the 5th failure is rate limited.
 */
import type { FrameApi } from '../api.js'
import { FrameError } from '../errors.js'
import type { EmbeddedChainType, EntropyIdVerifier, RecoveryShareInput, UserDto, MfaMethod, WalletAccountDto } from '../../protocol/index.js'

interface StoredShareSet {
  userId: string
  chainType: EmbeddedChainType
  entropyId: string
  verifier: EntropyIdVerifier
  version: number
  authShare: string
  recovery: RecoveryShareInput
  imported?: boolean
}
interface StoredWallet {
  userId: string
  chainType: EmbeddedChainType
  index: number
  address: string
  entropyId: string
}

export interface RecordedRequest {
  endpoint: keyof FrameApi
  accessToken: string
  address?: string
  body: unknown
}

const same = (a: string, b: string) => (a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b)

export function fakeShareServer() {
  const tokens = new Map<string, string>()
  const shareSets: StoredShareSet[] = []
  const wallets: StoredWallet[] = []
  const requests: RecordedRequest[] = []
  const mfaMethods = new Map<string, MfaMethod[]>()
  /** Access tokens (sessions) that passed MFA: what the frame's MFA token proves to the real server. */
  const verifiedSessions = new Set<string>()
  const mfaFailures = new Map<string, number>()
  const mfa = { code: '123456', expired: false }

  const userOf = (accessToken: string) => {
    const userId = tokens.get(accessToken)
    if (!userId) throw new FrameError('error', 'Invalid or missing access token')
    return userId
  }
  const userDto = (userId: string): UserDto => ({
    id: userId,
    created_at: 0,
    mfa_methods: (mfaMethods.get(userId) ?? []).map((type) => ({ type, verified_at: 0 })),
    has_accepted_terms: false,
    is_guest: false,
    linked_accounts: wallets
      .filter((wallet) => wallet.userId === userId)
      .map(
        (wallet): WalletAccountDto => ({
          type: 'wallet',
          address: wallet.address,
          chain_type: wallet.chainType,
          wallet_index: Math.max(0, wallet.index),
          imported: wallet.index < 0,
          wallet_client_type: 'privy',
          connector_type: 'embedded',
          verified_at: 0,
          first_verified_at: null,
          latest_verified_at: null,
          recovery_method: shareSets.find((set) => set.entropyId === wallet.entropyId)?.recovery.method ?? 'privy',
        }),
      ),
  })
  const shareSetOf = (userId: string, address: string, chainType: EmbeddedChainType) => {
    const wallet = wallets.find((candidate) => candidate.userId === userId && candidate.chainType === chainType && same(candidate.address, address))
    const set = wallet && shareSets.find((candidate) => candidate.entropyId === wallet.entropyId)
    if (!set) throw new FrameError('error', 'Embedded wallet not found')
    return set
  }
  const record = (request: RecordedRequest) => void requests.push(structuredClone(request))
  /** The 403 `mfa_required` of a gated call, as the frame's API maps it. */
  const requireMfa = (accessToken: string) => {
    const userId = userOf(accessToken)
    if (mfaMethods.get(userId)?.length && !verifiedSessions.has(accessToken)) throw new FrameError('missing_or_invalid_mfa', 'MFA verification required')
    return userId
  }
  const setMethod = (userId: string, method: MfaMethod, enrolled: boolean) => {
    const methods = (mfaMethods.get(userId) ?? []).filter((other) => other !== method)
    mfaMethods.set(userId, enrolled ? [...methods, method] : methods)
    return { user: userDto(userId) }
  }
  const checkCode = (userId: string, code: string) => {
    const failures = mfaFailures.get(userId) ?? 0
    if (failures >= 5) throw new FrameError('error', 'Too many requests (HTTP 429)')
    if (mfa.expired) throw new FrameError('twilio_verification_failed', 'The code has expired')
    if (code !== mfa.code) {
      mfaFailures.set(userId, failures + 1)
      throw new FrameError('missing_or_invalid_mfa', 'The code you entered is not valid')
    }
  }

  const api: FrameApi = {
    async user(accessToken) {
      record({ endpoint: 'user', accessToken, body: undefined })
      return userDto(userOf(accessToken))
    },
    async create(accessToken, body) {
      record({ endpoint: 'create', accessToken, body })
      const userId = userOf(accessToken)
      const ofChain = wallets.filter((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type)
      // An imported key is a wallet of its own (negative indexes, as the server keeps them); a created one is index 0.
      const existing = body.imported ? ofChain.find((wallet) => same(wallet.address, body.address)) : ofChain.find((wallet) => wallet.index === 0)
      if (existing) return { user: userDto(userId), address: existing.address, entropy_id: existing.entropyId, created: false }
      const index = body.imported ? -1 - ofChain.filter((wallet) => wallet.index < 0).length : 0
      shareSets.push({
        userId,
        chainType: body.chain_type,
        entropyId: body.entropy_id,
        verifier: body.entropy_id_verifier,
        version: 1,
        authShare: body.auth_share,
        recovery: body.recovery,
        imported: body.imported ?? false,
      })
      wallets.push({ userId, chainType: body.chain_type, index, address: body.address, entropyId: body.entropy_id })
      return { user: userDto(userId), address: body.address, entropy_id: body.entropy_id, created: true }
    },
    async add(accessToken, body) {
      record({ endpoint: 'add', accessToken, body })
      const userId = userOf(accessToken)
      if (shareSetOf(userId, body.entropy_id, body.chain_type).imported)
        throw new FrameError('invalid_request_arguments', 'An imported wallet cannot have additional wallets')
      const existing = wallets.find((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type && wallet.index === body.wallet_index)
      if (existing) return { user: userDto(userId), address: existing.address }
      const next = Math.max(...wallets.filter((wallet) => wallet.userId === userId && wallet.chainType === body.chain_type).map((wallet) => wallet.index)) + 1
      if (body.wallet_index !== next) throw new FrameError('invalid_request_arguments', `The next wallet index is ${next}`)
      wallets.push({ userId, chainType: body.chain_type, index: body.wallet_index, address: body.address, entropyId: body.entropy_id })
      return { user: userDto(userId), address: body.address }
    },
    async authShare(accessToken, address, body) {
      record({ endpoint: 'authShare', accessToken, address, body })
      const set = shareSetOf(requireMfa(accessToken), address, body.chain_type)
      return { auth_share: set.authShare, share_version: set.version, entropy_id: set.entropyId, entropy_id_verifier: set.verifier }
    },
    async exportShare(accessToken, address, body) {
      record({ endpoint: 'exportShare', accessToken, address, body })
      const set = shareSetOf(requireMfa(accessToken), address, body.chain_type)
      const base = { auth_share: set.authShare, share_version: set.version, entropy_id: set.entropyId, entropy_id_verifier: set.verifier }
      if (!body.include_recovery) return base
      return set.recovery.method === 'privy'
        ? { ...base, recovery_method: 'privy', recovery_share: set.recovery.share }
        : { ...base, recovery_method: set.recovery.method, sealed_recovery_share: set.recovery.sealed }
    },
    async delegate(accessToken, body) {
      record({ endpoint: 'delegate', accessToken, body })
      const userId = requireMfa(accessToken)
      shareSetOf(userId, body.address, body.chain_type)
      return { user: userDto(userId), wallet_id: 'fake-wallet-id' }
    },
    async keyMaterial(accessToken, address, body) {
      record({ endpoint: 'keyMaterial', accessToken, address, body })
      const set = shareSetOf(requireMfa(accessToken), address, body.chain_type)
      const base = { auth_share: set.authShare, share_version: set.version, entropy_id: set.entropyId, entropy_id_verifier: set.verifier }
      return set.recovery.method === 'privy'
        ? { ...base, recovery_method: 'privy', recovery_share: set.recovery.share }
        : { ...base, recovery_method: set.recovery.method, sealed_recovery_share: set.recovery.sealed }
    },
    async reshare(accessToken, address, body) {
      record({ endpoint: 'reshare', accessToken, address, body })
      const userId = requireMfa(accessToken)
      const set = shareSetOf(userId, address, body.chain_type)
      if (body.previous_share_version !== set.version) throw new FrameError('invalid_request_arguments', 'Wallet shares changed on another device')
      Object.assign(set, { version: set.version + 1, authShare: body.auth_share, recovery: body.recovery })
      return { user: userDto(userId), share_version: set.version }
    },
    async verifyMfa(accessToken, submission) {
      record({ endpoint: 'verifyMfa', accessToken, body: submission })
      const userId = userOf(accessToken)
      if (!mfaMethods.get(userId)?.includes(submission.method)) throw new FrameError('error', 'MFA method not enrolled')
      checkCode(userId, submission.method === 'passkey' ? String(submission.authenticatorResponse.id) : submission.code)
      verifiedSessions.add(accessToken)
    },
    clearMfa: () => verifiedSessions.clear(),
    async initTotpEnrollment(accessToken) {
      record({ endpoint: 'initTotpEnrollment', accessToken, body: {} })
      requireMfa(accessToken)
      return { totpSecret: 'JBSWY3DPEHPK3PXP', totpAuthUrl: 'otpauth://totp/Tessera:alice?secret=JBSWY3DPEHPK3PXP&issuer=Tessera' }
    },
    async initSms(accessToken, body) {
      record({ endpoint: 'initSms', accessToken, body })
      if (body.action === 'enroll') requireMfa(accessToken)
      else userOf(accessToken)
    },
    async enrollTotp(accessToken, body) {
      record({ endpoint: 'enrollTotp', accessToken, body })
      const userId = requireMfa(accessToken)
      checkCode(userId, body.code)
      return setMethod(userId, 'totp', true)
    },
    async enrollSms(accessToken, body) {
      record({ endpoint: 'enrollSms', accessToken, body })
      const userId = requireMfa(accessToken)
      checkCode(userId, body.code)
      return setMethod(userId, 'sms', true)
    },
    async enrollPasskeys(accessToken, body) {
      record({ endpoint: 'enrollPasskeys', accessToken, body })
      return setMethod(requireMfa(accessToken), 'passkey', body.credential_ids.length > 0)
    },
    async unenrollMfa(accessToken, method) {
      record({ endpoint: 'unenrollMfa', accessToken, body: { method } })
      return setMethod(requireMfa(accessToken), method, false)
    },
  }

  return {
    api,
    requests,
    shareSets,
    wallets,
    signIn: (accessToken: string, userId: string) => void tokens.set(accessToken, userId),
    signOut: (accessToken: string) => void tokens.delete(accessToken),
    /** The user's MFA factors (`enrollMfa('alice', 'totp')`) and the code the server accepts now. */
    enrollMfa: (userId: string, method: MfaMethod) => void setMethod(userId, method, true),
    mfa,
    /** The MFA gate of the share calls, for another fake's gated route (the server shares one gate). */
    requireMfa,
  }
}
