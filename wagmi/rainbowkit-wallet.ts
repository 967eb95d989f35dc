/**
 * `tesseraWallet()`: Tessera in a RainbowKit 2 wallet list (`connectorsForWallets`), built on the `tessera()`
 * connector. RainbowKit's `Wallet` is typed here by its shape, so this entry never needs RainbowKit at run time.
 */
import { createConnector, type CreateConnectorFn } from '@wagmi/core'
import { tessera, type TesseraConnectorParameters } from './connector.js'

/** The part of RainbowKit 2's `Wallet` this entry fills in. */
export interface TesseraRainbowKitWallet {
  id: string
  name: string
  iconUrl: string
  iconBackground: string
  /** Always available: Tessera needs no extension, the user signs in through `<auth-modal>`. */
  installed: true
  /** RainbowKit passes its own details (`rkDetails`), merged into the connector as its other wallets do. */
  createConnector(walletDetails: { rkDetails: object }): CreateConnectorFn
}

const tileSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#4f46e5"/><path d="M8 9h12v3h-4.5v9h-3v-9H8z" fill="#fff"/></svg>'
const tileIcon = `data:image/svg+xml;base64,${btoa(tileSvg)}`

/** A RainbowKit `CreateWalletFn`: list `tesseraWallet({ appId })` in a group of `connectorsForWallets`. */
export const tesseraWallet = (parameters: TesseraConnectorParameters) => (): TesseraRainbowKitWallet => ({
  id: 'tessera',
  name: parameters.name ?? 'Tessera',
  iconUrl: parameters.icon ?? tileIcon,
  iconBackground: '#4f46e5',
  installed: true,
  createConnector: (walletDetails) => {
    const connector = tessera(parameters)
    return createConnector((config) => ({ ...connector(config), ...walletDetails }))
  },
})
