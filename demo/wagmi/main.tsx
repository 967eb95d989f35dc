// The wagmi demo: the page's <auth-modal> (where Tessera's connector signs users in, and where its confirmations
// show), then an ordinary wagmi + RainbowKit app.
import '@rainbow-me/rainbowkit/styles.css'
import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { getOrCreateClient } from 'tessera'
import { defineAuthModal, type AuthModalElement } from 'tessera/elements'
import { WagmiProvider } from 'wagmi'
import '../shared/demo.css'
import { App } from './app.js'
import { demoWagmiConfig } from './wagmi-config.js'

const { appId, apiUrl } = window.TESSERA_DEMO
defineAuthModal()
const modal = document.querySelector<AuthModalElement>('auth-modal')!
modal.setAttribute('app-id', appId)
modal.setAttribute('api-url', apiUrl)
const client = getOrCreateClient({ appId, apiUrl })
await client.ready
const config = await demoWagmiConfig(client, apiUrl)

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={new QueryClient()}>
      <RainbowKitProvider>
        <App />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
