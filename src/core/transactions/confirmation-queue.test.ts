import { describe, expect, it, vi } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createStore } from '../utils/store.js'
import type { EmbeddedWalletsState } from '../wallets/embedded/types.js'
import { createConfirmationQueue, type ConfirmationQueueDeps } from './confirmation-queue.js'
import { messageText, signMessageConfirmation } from './sign-message-confirmation.js'
import type { SignMessageConfirmation } from './types.js'

const account = privateKeyToAccount(generatePrivateKey())

function setup(deps: Partial<ConfirmationQueueDeps> = {}) {
  const state = createStore<EmbeddedWalletsState>({ status: 'ready', wallets: [], creating: null, error: null })
  const signed: string[] = []
  let announced = 0
  const queue = createConfirmationQueue({ state, showWalletUIs: () => true, announce: () => ++announced > 0, successDisplayMs: 20, ...deps })
  const sign = (message: string, uiOptions = {}) =>
    queue.enqueue(
      signMessageConfirmation({
        address: account.address,
        chainType: 'ethereum',
        method: 'personal_sign',
        message,
        uiOptions,
        sign: async () => {
          signed.push(message)
          return account.signMessage({ message })
        },
      }),
      { showWalletUIs: (uiOptions as { showWalletUIs?: boolean }).showWalletUIs },
    )
  const shown = () => (state.get().confirmations ?? []) as SignMessageConfirmation[]
  return { state, queue, sign, shown, signed, announced: () => announced }
}

describe('the confirmation queue', () => {
  it('keeps requests in arrival order, announces each, and settles each with its own result', async () => {
    const { sign, shown, announced } = setup()
    const first = sign('first')
    const second = sign('second')
    expect(shown().map((confirmation) => [confirmation.message, confirmation.status])).toEqual([
      ['first', 'ready'],
      ['second', 'ready'],
    ])
    expect(announced()).toBe(2)
    expect(new Set(shown().map((confirmation) => confirmation.id)).size).toBe(2)

    const before = shown()
    shown()[1]!.approve()
    const signature = await second
    expect(await verifyMessage({ address: account.address, message: 'second', signature: signature as Hex })).toBe(true)
    // Each change replaces the confirmation in a new array: the untouched one stays the same object.
    expect(shown()).not.toBe(before)
    expect(shown()[0]).toBe(before[0])
    expect(shown()[1]).not.toBe(before[1])
    expect(shown().map((confirmation) => [confirmation.message, confirmation.status])).toEqual([
      ['first', 'ready'],
      ['second', 'complete'],
    ])

    shown()[0]!.approve()
    await first
  })

  it("rejects with 4001 'The user rejected the request.' and removes the confirmation", async () => {
    const { sign, shown, signed } = setup()
    const declined = sign('no')
    shown()[0]!.reject()
    await expect(declined).rejects.toMatchObject({ name: 'ProviderRpcError', code: 4001, message: 'The user rejected the request.' })
    expect(shown()).toEqual([])
    // Approving a confirmation that left does nothing.
    expect(signed).toEqual([])
  })

  it('lets a completed confirmation show its success, then leaves; a reject after success only closes', async () => {
    const { sign, shown, state } = setup({ successDisplayMs: 50 })
    const signing = sign('done')
    const confirmation = shown()[0]!
    confirmation.approve()
    confirmation.approve()
    await signing
    expect(shown()[0]!.status).toBe('complete')
    await new Promise<void>((resolve) => {
      const stop = state.watch((next) => void (!next.confirmations?.length && (stop(), resolve())))
    })
    const again = sign('closed early')
    shown()[0]!.approve()
    await again
    shown()[0]!.reject()
    expect(shown()).toEqual([])
  })

  it('runs headless when wallet UIs are off, or when no UI heard the prompt; inline confirmations need no prompt and show whatever the app setting', async () => {
    const off = setup({ showWalletUIs: () => false })
    expect(await off.sign('headless')).toMatch(/^0x/)
    expect(off.signed).toEqual(['headless'])
    expect(off.announced()).toBe(0)

    const unheard = setup({ announce: () => false })
    expect(await unheard.sign('nobody listens')).toMatch(/^0x/)
    expect(unheard.shown()).toEqual([])

    const perCall = setup()
    expect(await perCall.sign('per call', { showWalletUIs: false })).toMatch(/^0x/)
    expect(perCall.shown()).toEqual([])

    const { state, queue } = setup({ announce: undefined, showWalletUIs: () => false })
    const inline = queue.enqueue(
      signMessageConfirmation({
        address: account.address,
        chainType: 'ethereum',
        method: 'personal_sign',
        message: 'inline',
        uiOptions: {},
        sign: () => account.signMessage({ message: 'inline' }),
      }),
      { options: { inline: true, id: 'confirm-tx-1' } },
    )
    expect(state.get().confirmations).toMatchObject([{ id: 'confirm-tx-1', inline: true, status: 'ready' }])
    state.get().confirmations![0]!.approve()
    expect(await inline).toMatch(/^0x/)
  })

  it('counts a request whose wallet recovers first as coming until its confirmation is queued; a failed recovery rejects it and stops counting', async () => {
    const { state, queue } = setup()
    const confirmation = (message: string) =>
      signMessageConfirmation({
        address: account.address,
        chainType: 'ethereum',
        method: 'personal_sign',
        message,
        uiOptions: {},
        sign: () => account.signMessage({ message }),
      })
    const counts: Array<[number, number]> = []
    state.watch(() => counts.push([state.get().confirmationsComing ?? 0, state.get().confirmations?.length ?? 0]))
    let recovered!: () => void
    const request = queue.enqueue(confirmation('after recovery'), { ready: () => new Promise<void>((resolve) => (recovered = resolve)) })
    expect(state.get().confirmationsComing).toBe(1)
    expect(state.get().confirmations ?? []).toEqual([])
    recovered()
    await vi.waitFor(() => expect(state.get().confirmations).toHaveLength(1))
    expect(state.get().confirmationsComing).toBe(0)
    // Never a moment with neither the coming request nor its confirmation.
    expect(counts.every(([coming, queued]) => coming + queued > 0)).toBe(true)
    state.get().confirmations![0]!.approve()
    expect(await request).toMatch(/^0x/)

    const failed = queue.enqueue(confirmation('recovery fails'), { ready: () => Promise.reject(new Error('recovery canceled')) })
    await expect(failed).rejects.toThrow('recovery canceled')
    expect(state.get().confirmationsComing).toBe(0)

    // Inline and headless requests are nobody's cover: they do not count.
    const inline = queue.enqueue(confirmation('inline'), {
      options: { inline: true, id: 'confirm-tx-2' },
      ready: async () => expect(state.get().confirmationsComing).toBe(0),
    })
    await vi.waitFor(() => expect(state.get().confirmations?.some((queued) => queued.id === 'confirm-tx-2')).toBe(true))
    state
      .get()
      .confirmations!.find((queued) => queued.id === 'confirm-tx-2')!
      .approve()
    expect(await inline).toMatch(/^0x/)
    expect(await queue.enqueue(confirmation('headless'), { showWalletUIs: false, ready: async () => expect(state.get().confirmationsComing).toBe(0) })).toMatch(
      /^0x/,
    )
  })

  it('clear() rejects every waiting request (logout)', async () => {
    const { sign, shown, queue } = setup()
    const waiting = [sign('a'), sign('b')]
    queue.clear()
    for (const request of waiting) await expect(request).rejects.toMatchObject({ code: 4001 })
    expect(shown()).toEqual([])
  })
})

describe('messageText', () => {
  it('shows UTF-8 text as text and anything else as hex', () => {
    expect(messageText('0x68656c6c6f20e29c93')).toBe('hello ✓')
    expect(messageText('0x6c696e65310a6c696e6532')).toBe('line1\nline2')
    expect(messageText('0x00ff10')).toBe('0x00ff10')
    expect(messageText('0x0001')).toBe('0x0001')
  })
})
