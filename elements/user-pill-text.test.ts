import { describe, expect, it } from 'vitest'
import { userPillText } from './user-pill-text.js'

describe("the UserPill's texts, through an element", () => {
  it("are English by default, the element's locale when it has a table, and the element's messages over both", async () => {
    expect(await userPillText(null)).toEqual({ 'userPill.login': 'Log in', 'userPill.account': 'Account', 'userPill.logout': 'Log out' })
    expect(await userPillText({ locale: 'es' })).toEqual({
      'userPill.login': 'Iniciar sesión',
      'userPill.account': 'Cuenta',
      'userPill.logout': 'Cerrar sesión',
    })
    expect(await userPillText({ locale: 'pt-BR' })).toMatchObject({ 'userPill.login': 'Log in' })
    expect(await userPillText({ locale: 'de', messages: { 'userPill.login': 'Einloggen' } })).toMatchObject({
      'userPill.login': 'Einloggen',
      'userPill.logout': 'Abmelden',
    })
  })
})
