import { describe, expect, it } from 'vitest'
import { routeError } from './route-error.js'

describe('routeError', () => {
  it('keeps plus-address errors inline on the landing', () => {
    expect(routeError({ code: 'disallowed_plus_email', status: 400 }, 'send-code')).toEqual({ kind: 'inline-plus-address' })
  })

  it('shows wrong codes on the boxes, not on an error screen', () => {
    expect(routeError({ code: 'invalid_credentials', status: 401 }, 'submit-code')).toEqual({ kind: 'inline-incorrect-code' })
    expect(routeError({ code: 'invalid_credentials', status: 401 }, 'send-code')).toEqual({ kind: 'screen' })
  })

  it('sends everything else to the error screen', () => {
    for (const code of ['too_many_requests', 'allowlist_rejected', 'max_accounts_reached', 'user_does_not_exist', 'network_error'])
      expect(routeError({ code }, 'submit-code')).toEqual({ kind: 'screen' })
  })
})
