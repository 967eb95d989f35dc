/**
 * Google Drive backup and recovery in the core (wallet spec, "Screens and routes": "Recovery with a cloud provider"; "States and transitions": "Embedded wallet
 * load"), over the stand-in frame: the provider's token is asked for synchronously (inside the click), goes to the
 * frame only, and a new device waits in `needs-cloud-recovery` until the user's consent recovers it.
 */
import { describe, expect, it } from 'vitest'
import type { CloudRecoveryProvider, UserDto } from '../../../../protocol/index.js'
import { defaultConfig } from '../../../config/defaults.js'
import { TesseraError } from '../../../errors/base-error.js'
import { createMemoryStorage } from '../../../session/storage.js'
import { TEST_APP_ID, userDto } from '../../../test-support/fixtures.js'
import { userFromDto } from '../../../user/from-dto.js'
import type { User } from '../../../user/types.js'
import { createStore } from '../../../utils/store.js'
import { createEmbeddedWallets } from '../embedded-wallets.js'
import { createFakeFrame, type FakeFrame } from '../test-support/fake-frame.js'
import type { FramePage } from '../frame-client.js'
import type { EmbeddedWalletsState } from '../types.js'

interface Device {
  wallets: ReturnType<typeof createEmbeddedWallets>
  state: ReturnType<typeof createStore<EmbeddedWalletsState>>
  /** Each token request, and whether it came before the call's first await (inside the click). */
  tokenRequests: { provider: CloudRecoveryProvider; synchronous: boolean }[]
  prompts: number
  answerToken(result: Promise<string>): void
  /** Marks the current call as started: token requests after this are not synchronous. */
  inClick<T>(run: () => Promise<T>): Promise<T>
}

function device(frame: FakeFrame, startingUser: UserDto): Device {
  let user: User | null = userFromDto(startingUser)
  let nextToken: Promise<string> = Promise.resolve('drive-token-alice')
  let clicking = false
  const state = createStore<EmbeddedWalletsState>({ status: 'idle', wallets: [], creating: null, error: null })
  const result: Device = {
    state,
    tokenRequests: [],
    prompts: 0,
    answerToken: (token) => void (nextToken = token),
    inClick(run) {
      clicking = true
      try {
        return run()
      } finally {
        clicking = false
      }
    },
    wallets: createEmbeddedWallets({
      appId: TEST_APP_ID,
      apiUrl: () => 'http://127.0.0.1:1',
      state,
      getUser: () => user,
      watchUser: () => () => {},
      watchLogins: () => () => {},
      getAccessToken: async () => 'session-token',
      replaceUser: async (dto) => (user = userFromDto(dto)),
      logout: async () => {},
      getConfig: () => defaultConfig(TEST_APP_ID),
      storage: createMemoryStorage(),
      getAnalyticsId: async () => null,
      sendAnalyticsEvent: () => {},
      page: {} as FramePage,
      createFrameClient: () => frame,
      userRecoveryTimeoutMs: 5_000,
      onCloudRecoveryNeeded: () => void result.prompts++,
      cloudAccessToken: (provider) => {
        result.tokenRequests.push({ provider, synchronous: clicking })
        return nextToken
      },
    }),
  }
  return result
}

const calls = (frame: FakeFrame, event: string) => frame.calls.filter((call) => call.event === event).map((call) => call.data as Record<string, unknown>)

async function walletBackedUpToDrive() {
  const frame = createFakeFrame({ baseUser: () => userDto() })
  const first = device(frame, userDto())
  await first.wallets.create({ chainType: 'ethereum' })
  await first.inClick(() => first.wallets.setRecovery({ method: 'google-drive' }))
  return { frame, first }
}

describe('Google Drive backup', () => {
  it('asks for the Drive token inside the click and hands it to the frame’s set-recovery only', async () => {
    const { frame, first } = await walletBackedUpToDrive()
    expect(first.tokenRequests).toEqual([{ provider: 'google-drive', synchronous: true }])
    const [setRecovery] = calls(frame, 'set-recovery')
    expect(setRecovery).toMatchObject({ recoveryMethod: 'google-drive', recoveryAccessToken: 'drive-token-alice', existingRecoveryMethod: 'privy' })
    expect(first.state.get().wallets.map((wallet) => wallet.recoveryMethod)).toEqual(['google-drive'])
  })

  it('refuses Google Drive again without asking the provider (“Cannot upgrade to the existing cloud platform”)', async () => {
    const { first } = await walletBackedUpToDrive()
    await expect(first.wallets.setRecovery({ method: 'google-drive' })).rejects.toMatchObject({
      code: 'unsupported_recovery_method',
      shortMessage: 'Cannot upgrade to the existing cloud platform',
    })
    expect(first.tokenRequests).toHaveLength(1)
  })

  it('a refused consent changes nothing; iCloud fails with what the server says', async () => {
    const frame = createFakeFrame({ baseUser: () => userDto() })
    const alice = device(frame, userDto())
    await alice.wallets.create({ chainType: 'ethereum' })
    alice.answerToken(Promise.reject(new TesseraError({ code: 'invalid_credentials', shortMessage: 'Recovery OAuth failed' })))
    await expect(alice.wallets.setRecovery({ method: 'google-drive' })).rejects.toMatchObject({ shortMessage: 'Recovery OAuth failed' })
    alice.answerToken(Promise.reject(new TesseraError({ code: 'not_supported', shortMessage: 'iCloud recovery is not available for this app' })))
    await expect(alice.wallets.setRecovery({ method: 'icloud' })).rejects.toMatchObject({ code: 'not_supported' })
    expect(calls(frame, 'set-recovery')).toEqual([])
    expect(alice.state.get().wallets.map((wallet) => wallet.recoveryMethod)).toEqual(['privy'])
  })
})

describe('Google Drive recovery on a new device', () => {
  it('waits in needs-cloud-recovery (one prompt), then recovers with the consent’s token, and signs', async () => {
    const { frame } = await walletBackedUpToDrive()
    frame.clearDevice()
    frame.calls.length = 0
    const second = device(frame, frame.user())
    const signing = second.wallets.signMessage({ message: 'on a new device' })
    await new Promise<void>((resolve) => second.state.watch((state) => state.status === 'needs-cloud-recovery' && resolve()))
    expect(second.prompts).toBe(1)
    // The consent fails once (the user closed Google's window): still waiting, with the error.
    second.answerToken(Promise.reject(new TesseraError({ code: 'exited_update_flow', shortMessage: 'User exited the recovery flow' })))
    await expect(second.inClick(() => second.wallets.recover({ method: 'google-drive' }))).rejects.toMatchObject({ code: 'exited_update_flow' })
    expect(second.state.get()).toMatchObject({ status: 'needs-cloud-recovery', error: { code: 'exited_update_flow' } })

    second.answerToken(Promise.resolve('drive-token-alice'))
    await second.inClick(() => second.wallets.recover({ method: 'google-drive' }))
    expect((await signing).signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(second.tokenRequests).toEqual([
      { provider: 'google-drive', synchronous: true },
      { provider: 'google-drive', synchronous: true },
    ])
    expect(calls(frame, 'recover')).toEqual([expect.objectContaining({ recoveryAccessToken: 'drive-token-alice', accessToken: 'session-token' })])
    expect(second.state.get()).toMatchObject({ status: 'ready', error: null })
    expect(second.prompts).toBe(1)
  })
})
