/** In-app browsers (social apps' and wallets' webviews) let a wallet connect only inside a trusted click (sign-in spec, "The calls it makes"). */
const inAppBrowser = /FBAN|FBAV|Instagram|Line\/|MicroMessenger|Twitter|TikTok|; wv\)|MetaMaskMobile|Phantom|CoinbaseWallet|Trust\/|Rainbow/i

export const isInAppBrowser = (userAgent: string | undefined): boolean => !!userAgent && inAppBrowser.test(userAgent)
