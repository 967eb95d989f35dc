// wagmi's config as a wagmi app writes it: the app's local chains (anvil, read from the Tessera app's config) and
// RainbowKit's wallet list with Tessera in it. No WalletConnect wallet is listed, so nothing reaches outside services.
import { connectorsForWallets } from '@rainbow-me/rainbowkit'
import { createConfig, http } from 'wagmi'
import { defineChain, type Chain } from 'viem'
import type { TesseraClient } from 'tessera'
import { tesseraWallet } from 'tessera/wagmi'

/** The app's own chains (the dev app's two anvil chains), with the RPC URLs the Tessera client resolved. */
async function appChains(client: TesseraClient): Promise<[Chain, ...Chain[]]> {
  const appChainIds = new Set(client.getConfig().config.appChains.map((chain) => chain.id))
  const chains = (await client.embeddedWallets.getChains()).filter((chain) => appChainIds.has(chain.id))
  const [first, ...rest] = chains.map(
    (chain): Chain =>
      defineChain({
        id: chain.id,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: { default: { http: [chain.rpcUrl] } },
        testnet: chain.testnet,
      }),
  )
  if (!first) throw new Error('The app has no chains of its own (run `npm start`).')
  return [first, ...rest]
}

export async function demoWagmiConfig(client: TesseraClient, apiUrl: string) {
  const chains = await appChains(client)
  const connectors = connectorsForWallets(
    [{ groupName: 'Sign in', wallets: [tesseraWallet({ appId: client.appId, apiUrl, client })] }],
    // RainbowKit asks every app for a WalletConnect project id; with no WalletConnect wallet listed it is never used.
    { appName: 'Tessera wagmi demo', projectId: 'unused-without-walletconnect' },
  )
  return createConfig({
    chains,
    connectors,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
    // The page shows Tessera's connector only (the dev app also announces its wallets through EIP-6963).
    multiInjectedProviderDiscovery: false,
  })
}
