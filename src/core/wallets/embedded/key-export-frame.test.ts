import { describe, expect, it } from 'vitest'
import { EXPORT_FRAME_TOKEN, EXPORT_FRAME_TOKEN_REQUEST } from '../../../protocol/index.js'
import { keyExportFrame, keyExportFrameUrl } from './key-export-frame.js'
import type { EmbeddedWallet } from './types.js'

const wallet: EmbeddedWallet = {
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  chainType: 'ethereum',
  walletIndex: 1,
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  entropyId: '0x1111111111111111111111111111111111111111',
  entropyIdVerifier: 'ethereum-address-verifier',
  walletClientType: 'privy',
  connectorType: 'embedded',
}

function fakePage() {
  const listeners = new Set<(event: unknown) => void>()
  return {
    window: {
      addEventListener: (_type: string, listener: (event: unknown) => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: unknown) => void) => void listeners.delete(listener),
    } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>,
    deliver: (event: { source: unknown; origin: string; data: unknown }) => listeners.forEach((listener) => listener(event)),
    listenerCount: () => listeners.size,
  }
}
const frameWindow = () => {
  const posted: { message: unknown; origin: string }[] = []
  return { posted, postMessage: (message: unknown, origin: string) => void posted.push({ message, origin }) }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('keyExportFrameUrl', () => {
  it('names the wallet in the query (funding spec), never a token, and offers the phrase for HD wallets only', () => {
    const url = keyExportFrameUrl({ apiUrl: 'https://api.example/', appId: 'app 1', clientId: 'c1', wallet })
    expect(url.origin + url.pathname).toBe('https://api.example/apps/app%201/embedded-wallets/export')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entropy_id: wallet.entropyId,
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '1',
      chain_type: 'ethereum',
      client_id: 'c1',
      phrase_export: 'true',
    })
    expect(keyExportFrameUrl({ apiUrl: 'https://api.example', appId: 'a', wallet: { ...wallet, imported: true } }).searchParams.has('phrase_export')).toBe(
      false,
    )
    expect(
      keyExportFrameUrl({ apiUrl: 'https://api.example', appId: 'a', wallet: { ...wallet, recoveryMethod: 'privy-v2' } }).searchParams.has('phrase_export'),
    ).toBe(false)
  })
})

describe('keyExportFrame.serve', () => {
  it('answers token requests of its iframe on the API origin only, with the MFA answer when asked', async () => {
    const page = fakePage()
    const frame = frameWindow()
    const mfa = { method: 'totp' as const, code: '123456' }
    const exportFrame = keyExportFrame({
      apiUrl: 'https://api.example',
      appId: 'a',
      wallet,
      window: page.window,
      getAccessToken: async () => 'tok',
      answerMfa: async () => mfa,
      sendAnalyticsEvent: () => undefined,
    })
    const stop = exportFrame.serve(frame)
    const request = { event: EXPORT_FRAME_TOKEN_REQUEST, id: 'r1' }
    page.deliver({ source: frameWindow(), origin: 'https://api.example', data: request })
    page.deliver({ source: frame, origin: 'https://evil.example', data: request })
    page.deliver({ source: frame, origin: 'https://api.example', data: { event: 'other', id: 'r1' } })
    await settle()
    expect(frame.posted).toEqual([])

    page.deliver({ source: frame, origin: 'https://api.example', data: request })
    page.deliver({ source: frame, origin: 'https://api.example', data: { ...request, id: 'r2', mfaRequired: true } })
    await settle()
    expect(frame.posted).toEqual([
      { message: { event: EXPORT_FRAME_TOKEN, id: 'r1', accessToken: 'tok' }, origin: 'https://api.example' },
      { message: { event: EXPORT_FRAME_TOKEN, id: 'r2', accessToken: 'tok', mfa }, origin: 'https://api.example' },
    ])
    stop()
    expect(page.listenerCount()).toBe(0)
  })
})
