/**
 * The demos Vite builds from `demo/<name>/vite.config.ts` (framework-demos.ts) and the demo server serves at
 * `/<name>/`: adding one is one entry here and its folder.
 */
export const viteDemos = {
  vue: { title: 'Vue', link: 'Vue 3: &lt;auth-modal&gt; in a Vue template' },
  svelte: { title: 'Svelte', link: 'Svelte 5: &lt;auth-modal&gt; in a Svelte component' },
  discovery: { title: 'Wallet discovery', link: 'Dapps that find the embedded wallets with mipd (EIP-6963) and @wallet-standard/app' },
  reference: { title: 'Reference React SDK', link: 'react-auth 2.25, unchanged, on this server: email sign-in, embedded wallets, signing and sending' },
  'wc-wallet': { title: 'WalletConnect wallet', link: 'A WalletConnect wallet (WalletKit) that pairs through the local relay and signs with an anvil account' },
  wagmi: { title: 'wagmi and RainbowKit', link: 'A wagmi app with RainbowKit: Tessera as a connector, then wagmi’s own hooks sign, send and switch chains' },
} as const

export type ViteDemoName = keyof typeof viteDemos

export const viteDemoNames = Object.keys(viteDemos) as ViteDemoName[]

/** Each built demo's directory (framework-demos.ts `buildViteDemos`). */
export type ViteDemoDirs = Partial<Record<ViteDemoName, string>>
