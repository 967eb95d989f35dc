import { describe, expect, it } from 'vitest'
import { routeError } from './route-error.js'

describe('routeError', () => {
  it('keeps plus-address errors inline on the landing', () => {
    expect(routeError({ code: 'disallowed_plus_email', status: 400 }, 'send-code')).toEqual({ kind: 'inline-plus-address' })
  })

  it('shows wrong codes on the boxes, not on an error screen', () => {
    expect(routeError({ code: 'invalid_credentials', status: 401 }, 'submit-code')).toEqual({ kind: 'inline-incorrect-code' })
    expect(routeError({ code: 'invalid_credentials', status: 401 }, 'send-code')).toEqual({ kind: 'screen', screen: 'error' })
    expect(routeError({ code: 'invalid_credentials', status: 401 }, 'oauth')).toEqual({ kind: 'screen', screen: 'error' })
  })

  // Sign-in spec, "States and transitions": "Error routing for every login method".
  it('routes access rejections to their own screens from every step', () => {
    for (const step of ['send-code', 'submit-code', 'oauth', 'login'] as const) {
      expect(routeError({ code: 'allowlist_rejected', status: 403 }, step)).toEqual({ kind: 'screen', screen: 'allowlist-denied' })
      expect(routeError({ code: 'max_accounts_reached', status: 403 }, step)).toEqual({ kind: 'screen', screen: 'user-limit' })
      expect(routeError({ code: 'user_does_not_exist', status: 403 }, step)).toEqual({ kind: 'screen', screen: 'account-not-found' })
      expect(routeError({ code: 'signup_disabled', status: 403 }, step)).toEqual({ kind: 'screen', screen: 'account-not-found' })
    }
  })

  it('keeps the wallet errors the core worded on the wallet status screen; access rejections still get their screens', () => {
    expect(routeError({ code: 'generic_connect_wallet_error', data: { walletError: 'rejected' } }, 'wallet')).toEqual({ kind: 'inline-wallet' })
    expect(routeError({ code: 'account_transfer_required', status: 400, data: { nonce: 'n-1' } }, 'wallet')).toEqual({ kind: 'inline-wallet' })
    expect(routeError({ code: 'allowlist_rejected', status: 403 }, 'wallet')).toEqual({ kind: 'screen', screen: 'allowlist-denied' })
    expect(routeError({ code: 'disallowed_login_method', status: 403 }, 'wallet')).toEqual({ kind: 'screen', screen: 'error' })
  })

  it('offers the transfer only for account_transfer_required with a nonce', () => {
    expect(routeError({ code: 'account_transfer_required', status: 400, data: { nonce: 'n-1', account: { displayName: 'x' } } }, 'submit-code')).toEqual({
      kind: 'account-transfer',
    })
    expect(routeError({ code: 'account_transfer_required', status: 400, data: { nonce: 'n-1' } }, 'oauth')).toEqual({ kind: 'account-transfer' })
    expect(routeError({ code: 'account_transfer_required', status: 400 }, 'submit-code')).toEqual({ kind: 'screen', screen: 'error' })
    expect(routeError({ code: 'account_transfer_required', status: 400, data: { nonce: 7 } }, 'submit-code')).toEqual({ kind: 'screen', screen: 'error' })
  })

  it('keeps passkey failures on the passkey status screen, but access rejections go to their screens', () => {
    for (const code of ['passkey_not_allowed', 'not_supported', 'cannot_link_more_of_type', 'linked_to_another_user', 'network_error'])
      expect(routeError({ code }, 'passkey')).toEqual({ kind: 'inline-passkey' })
    expect(routeError({ code: 'allowlist_rejected', status: 403 }, 'passkey')).toEqual({ kind: 'screen', screen: 'allowlist-denied' })
    expect(routeError({ code: 'user_does_not_exist', status: 404 }, 'passkey')).toEqual({ kind: 'screen', screen: 'account-not-found' })
  })

  it('sends everything else to the generic error screen', () => {
    for (const code of [
      'too_many_requests',
      'disallowed_login_method',
      'not_supported',
      'invalid_captcha',
      'captcha_failure',
      'captcha_timeout',
      'linked_to_another_user',
      'network_error',
    ])
      expect(routeError({ code }, 'submit-code')).toEqual({ kind: 'screen', screen: 'error' })
  })
})
