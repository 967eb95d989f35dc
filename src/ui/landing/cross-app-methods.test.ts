import { describe, expect, it } from 'vitest'
import { initialScreen } from './intent.js'
import { isCrossAppMethod } from '../login-methods/cross-app/routes.js'
import { isLandingMethod } from './method-kind.js'
import { overflowLabel } from './overflow-label.js'

describe('cross-app login methods on the landing', () => {
  it('draws a row for each `privy:<app id>` method', () => {
    expect(isCrossAppMethod('privy:tessera-provider-app-0001')).toBe(true)
    expect(isCrossAppMethod('privy:')).toBe(false)
    expect(isLandingMethod('privy:tessera-provider-app-0001')).toBe(true)
  })

  it('counts a hidden provider app as a social account in the overflow label', () => {
    expect(overflowLabel(['privy:tessera-provider-app-0001'], ['email', 'google'])).toBe('landing.overflow.otherSocials')
    expect(overflowLabel(['privy:tessera-provider-app-0001'], ['email'])).toBe('landing.overflow.social')
    expect(overflowLabel(['privy:tessera-provider-app-0001', 'sms'], ['email'])).toBe('landing.overflow.smsOrSocials')
  })

  it('opens a cross-app link request on the cross-app screen', () => {
    expect(initialScreen({ intent: 'link', method: 'privy:tessera-provider-app-0001' })).toBe('cross-app')
  })
})
