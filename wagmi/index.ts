/** `tessera/wagmi`: the wagmi connector for the user's Tessera wallets, and its RainbowKit wallet entry. */
export { tessera, type TesseraConnectorParameters } from './connector.js'
export { tesseraWallet, type TesseraRainbowKitWallet } from './rainbowkit-wallet.js'
export { openAuthModal, type OpenSignIn } from './sign-in.js'
