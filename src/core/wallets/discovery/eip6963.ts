/** EIP-6963 multi-wallet discovery through mipd's store: the page's announced Ethereum wallets, as they announce. */
import { createStore, type EIP6963ProviderDetail } from 'mipd'
import type { Eip1193Provider } from '../ethereum/eip1193.js'
import { isAnnouncedByTessera } from './announced-by-tessera.js'

export interface Eip6963ProviderDetail {
  info: EIP6963ProviderDetail['info']
  provider: Eip1193Provider
}

/** A detail a wallet can be listed by: a reverse-DNS id, a name and a provider that takes requests; never Tessera's own. */
const isListable = (detail: unknown): detail is Eip6963ProviderDetail => {
  const candidate = detail as Partial<Eip6963ProviderDetail> | null
  return (
    typeof candidate?.info?.rdns === 'string' &&
    !!candidate.info.rdns &&
    typeof candidate.info.name === 'string' &&
    typeof candidate.provider?.request === 'function' &&
    !isAnnouncedByTessera(candidate.provider)
  )
}

/** Hears every announcement, those made before (mipd asks again on creation) and after; the page's `window`. */
export function watchEip6963(onAnnounce: (detail: Eip6963ProviderDetail) => void): () => void {
  const store = createStore()
  const hear = (details: readonly unknown[]) => details.filter(isListable).forEach(onAnnounce)
  hear(store.getProviders())
  const unsubscribe = store.subscribe((_, meta) => meta?.added && hear(meta.added))
  return () => {
    unsubscribe()
    store.destroy()
  }
}
