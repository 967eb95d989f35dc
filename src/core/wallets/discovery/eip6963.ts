/** EIP-6963 multi-wallet discovery: ask the page's wallets to announce themselves, and hear them whenever they do. */
import type { Eip1193Provider } from '../ethereum/eip1193.js'

export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  /** Data URI of the wallet's icon. */
  icon: string
  /** Reverse-DNS id, e.g. io.metamask. */
  rdns: string
}

export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo
  provider: Eip1193Provider
}

const isDetail = (value: unknown): value is Eip6963ProviderDetail => {
  const detail = value as Partial<Eip6963ProviderDetail> | null
  return typeof detail?.info?.rdns === 'string' && !!detail.info.rdns && typeof detail.info.name === 'string' && typeof detail.provider?.request === 'function'
}

/** Listens for `eip6963:announceProvider`, then sends `eip6963:requestProvider` so wallets loaded earlier announce again. */
export function watchEip6963(win: Window, onAnnounce: (detail: Eip6963ProviderDetail) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (isDetail(detail)) onAnnounce(detail)
  }
  win.addEventListener('eip6963:announceProvider', listener)
  win.dispatchEvent(new Event('eip6963:requestProvider'))
  return () => win.removeEventListener('eip6963:announceProvider', listener)
}
