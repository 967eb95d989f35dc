import { describe, expect, it } from 'vitest'
import { parseFrameConfig } from './frame-config.js'
import { trustedParentOrigin } from './parent-origin.js'

const allowed = ['https://app.example', 'http://localhost:*']

describe('trustedParentOrigin (docs/security.md #39)', () => {
  it('is the parent’s origin when it is allowed, from ancestorOrigins or else the referrer', () => {
    expect(trustedParentOrigin({ isTopWindow: false, ancestorOrigins: ['https://app.example'], referrer: '' }, allowed)).toBe('https://app.example')
    expect(trustedParentOrigin({ isTopWindow: false, referrer: 'http://localhost:5173/wallet?x=1' }, allowed)).toBe('http://localhost:5173')
  })

  it('matches origins as the server does: exactly, or any port for a pattern ending in ":*"', () => {
    const parentAt = (origin: string) => trustedParentOrigin({ isTopWindow: false, ancestorOrigins: [origin], referrer: '' }, allowed)
    expect(parentAt('http://localhost:8080')).toBe('http://localhost:8080')
    expect(parentAt('http://localhost')).toBeNull()
    expect(parentAt('https://localhost:8080')).toBeNull()
    expect(parentAt('http://localhost.evil.example:80')).toBeNull()
    expect(parentAt('https://app.example:8443')).toBeNull()
  })

  it('is null outside an iframe, for an origin not allowed, or when the parent is unknown', () => {
    expect(trustedParentOrigin({ isTopWindow: true, ancestorOrigins: [], referrer: 'https://app.example/' }, allowed)).toBeNull()
    expect(trustedParentOrigin({ isTopWindow: false, ancestorOrigins: ['https://evil.example'], referrer: 'https://app.example/' }, allowed)).toBeNull()
    expect(trustedParentOrigin({ isTopWindow: false, ancestorOrigins: ['https://app.example.evil.example'], referrer: '' }, allowed)).toBeNull()
    expect(trustedParentOrigin({ isTopWindow: false, referrer: '' }, allowed)).toBeNull()
    expect(trustedParentOrigin({ isTopWindow: false, ancestorOrigins: ['null'], referrer: '' }, ['null'])).toBeNull()
    expect(trustedParentOrigin({ isTopWindow: false, ancestorOrigins: ['https://app.example'], referrer: '' }, [])).toBeNull()
  })
})

describe('parseFrameConfig', () => {
  it('reads the block the server writes', () => {
    expect(parseFrameConfig('{"app_id":"cm1","allowed_origins":["https://app.example"]}')).toEqual({
      appId: 'cm1',
      allowedOrigins: ['https://app.example'],
      googleDriveApiUrl: null,
      serverWalletsOnly: false,
    })
    expect(parseFrameConfig('{"app_id":"cm1","allowed_origins":[],"embedded_wallets_mode":"user-controlled-server-wallets-only"}')?.serverWalletsOnly).toBe(
      true,
    )
    expect(parseFrameConfig('{"app_id":"cm1","allowed_origins":[],"google_drive_api_url":"https://www.googleapis.com"}')?.googleDriveApiUrl).toBe(
      'https://www.googleapis.com',
    )
  })

  it('is null for a missing or malformed block', () => {
    for (const text of [null, '', 'not json', '{"app_id":""}', '{"app_id":"cm1"}', '{"app_id":"cm1","allowed_origins":[1]}', '[]']) {
      expect(parseFrameConfig(text)).toBeNull()
    }
  })
})
