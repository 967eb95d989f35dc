// The WalletConnect test wallet page: reads the dev app's WalletConnect settings and chains from the API server,
// pairs with a pasted (or `?uri=`) link, and asks the person before each proposal and request (wallet.ts).
import { mnemonicToAccount } from 'viem/accounts'
import type { AppConfigDto } from 'tessera/protocol'
import '../shared/demo.css'
import { startWallet, type WalletAsk, type WalletChain } from './wallet.js'

/** Anvil's default mnemonic: its accounts are funded on the local chains (`?account=<n>` picks one, 0 by default). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'

const { appId, apiUrl } = window.TESSERA_DEMO
const query = new URLSearchParams(location.search)
const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T
const status = (text: string) => {
  byId('status').textContent = text
}

function describe(ask: WalletAsk): string {
  if (ask.kind === 'proposal') return `${ask.dapp} asks to connect (${ask.chains.join(', ')})`
  const shown = ask.method === 'personal_sign' ? `"${decodeMessage((ask.params as [string])[0])}"` : JSON.stringify(ask.params)
  return `${ask.dapp} asks ${ask.method} on ${ask.chainId}: ${shown}`
}

function decodeMessage(hex: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(hex.slice(2).match(/../g) ?? [], (byte) => Number.parseInt(byte, 16)))
  } catch {
    return hex
  }
}

/** Shows an ask with Approve and Reject; resolves with the choice. */
function decide(ask: WalletAsk): Promise<boolean> {
  return new Promise((resolve) => {
    const item = document.createElement('li')
    item.dataset.kind = ask.kind
    if (ask.kind === 'request') item.dataset.method = ask.method
    const text = document.createElement('span')
    text.className = 'ask'
    text.textContent = describe(ask)
    const answer = (approved: boolean) => () => {
      item.remove()
      resolve(approved)
    }
    const approve = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Approve', className: 'approve', onclick: answer(true) })
    const reject = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Reject', className: 'reject', onclick: answer(false) })
    item.append(text, ' ', approve, ' ', reject)
    byId('asks').append(item)
  })
}

async function appSettings() {
  const response = await fetch(`${apiUrl}/api/v1/apps/${appId}`)
  if (!response.ok) throw new Error(`The API server answered ${response.status}`)
  const config = (await response.json()) as AppConfigDto & { chains?: { id: number; name: string; rpc_url: string }[] }
  if (!config.wallet_connect_cloud_project_id || !config.wallet_connect_relay_url)
    throw new Error('The dev app has no WalletConnect relay: start it with npm start.')
  const chains: WalletChain[] = (config.chains ?? []).map((chain) => ({ id: chain.id, name: chain.name, rpcUrl: chain.rpc_url }))
  if (!chains.length) throw new Error('The dev app has no chains')
  return { projectId: config.wallet_connect_cloud_project_id, relayUrl: config.wallet_connect_relay_url, chains }
}

function renderSessions(wallet: Awaited<ReturnType<typeof startWallet>>) {
  const list = byId('sessions')
  list.replaceChildren(
    ...wallet
      .sessions()
      .map((session) => Object.assign(document.createElement('li'), { textContent: `${session.peer.metadata.name} (${session.peer.metadata.url})` })),
  )
  byId('disconnect').hidden = wallet.sessions().length === 0
  status(wallet.sessions().length ? 'Connected' : 'Not connected')
}

async function main() {
  const settings = await appSettings()
  const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: Number(query.get('account') ?? 0) })
  byId('address').textContent = account.address
  const wallet = await startWallet({
    ...settings,
    account,
    url: location.origin,
    decide,
    onSessionsChanged: () => renderSessions(wallet),
    onAnswered: ({ method, approved, result, error }) => {
      const item = Object.assign(document.createElement('li'), { textContent: `${method}: ${approved ? (error ?? String(result)) : 'rejected'}` })
      item.dataset.method = method
      byId('answers').append(item)
    },
  })
  renderSessions(wallet)
  const pair = async (uri: string) => {
    status('Pairing…')
    try {
      await wallet.pair(uri.trim())
      status('Paired: waiting for the proposal')
    } catch (error) {
      status(`Could not pair: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  byId<HTMLFormElement>('pair-form').addEventListener('submit', (event) => {
    event.preventDefault()
    void pair(byId<HTMLInputElement>('uri').value)
  })
  byId('disconnect').addEventListener('click', () => void wallet.disconnectAll())
  document.body.dataset.ready = 'true'
  const uri = query.get('uri')
  if (uri) void pair(uri)
}

main().catch((error: unknown) => status(error instanceof Error ? error.message : String(error)))
