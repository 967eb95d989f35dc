import { describe, expect, it } from 'vitest'
import { knownWallets } from '../../core/wallets/known-wallets.js'
import { walletDeepLink } from './deep-link.js'

const page = { href: 'https://app.example/login?x=1', origin: 'https://app.example' }
const template = (id: string) => knownWallets.find((wallet) => wallet.id === id)!.deepLink!

describe('walletDeepLink (wallet spec, "Screens and routes": install instructions, mobile)', () => {
  it("opens the page in the wallet's in-app browser", () => {
    expect(walletDeepLink(template('metamask'), page)).toBe('https://metamask.app.link/dapp/app.example/login?x=1')
    expect(walletDeepLink(template('coinbase_wallet'), page)).toBe('https://go.cb-w.com/dapp?cb_url=https%3A%2F%2Fapp.example%2Flogin%3Fx%3D1')
    expect(walletDeepLink(template('phantom'), page)).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example%2Flogin%3Fx%3D1?ref=https%3A%2F%2Fapp.example',
    )
  })
})
