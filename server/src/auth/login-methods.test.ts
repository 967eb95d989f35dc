import { describe, expect, expectTypeOf, it } from 'vitest'
import { APP_ID_LENGTH } from '../../../src/protocol/index.js'
import type { LoginMethod } from '../apps/types.js'
import { appFileSchema } from '../apps/app-file-schema.js'
import { type loginMethodModules, loginMethodNames } from './login-methods.js'

/** The names the modules list at run time, as their types say. */
type ListedName = (typeof loginMethodModules)[number]['loginMethods'][number]

describe('the login-method names an app can hold', () => {
  it('are every name a module declares in LoginMethodNames, each listed once', () => {
    // A module that adds a name to LoginMethodNames but leaves it out of its `loginMethods` fails the type check here.
    expectTypeOf<Exclude<LoginMethod, ListedName>>().toEqualTypeOf<never>()
    expect(new Set(loginMethodNames).size).toBe(loginMethodNames.length)
    expect(loginMethodNames).toEqual(expect.arrayContaining(['email', 'sms', 'google', 'apple', 'wallet', 'solana_wallet', 'cross_app', 'custom_jwt']))
  })

  it('are what an app settings file accepts in login_methods', () => {
    const app = (loginMethods: string[]) => appFileSchema.safeParse({ id: 'a'.repeat(APP_ID_LENGTH), name: 'A', login_methods: loginMethods })
    expect(app([...loginMethodNames]).success).toBe(true)
    expect(app(['carrier-pigeon']).success).toBe(false)
  })
})
