/**
 * How the embedded wallets present themselves to the page's dapps (EIP-6963 `info`, the wallet-standard wallet's name
 * and icon): by the app's name, since that is the account the user signed in to; its logo when it is a data URI.
 */
import type { EffectiveConfig } from '../../../config/types.js'

export interface AnnouncedIdentity {
  name: string
  /** A data URI (EIP-6963 and wallet-standard both require one). */
  icon: `data:image/${string}`
  /** Reverse-DNS id, one per app: dapps find the app's wallet by it (mipd `findProvider({ rdns })`). */
  rdns: string
}

/** A plain wallet glyph for apps without a data-URI logo. */
const walletIconSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2b2f3a"/><rect x="6" y="9" width="20" height="15" rx="3" fill="none" stroke="#fff" stroke-width="2"/><path d="M19 15h7v5h-7a2.5 2.5 0 0 1 0-5z" fill="#fff"/></svg>'
const defaultIcon = `data:image/svg+xml;base64,${btoa(walletIconSvg)}` as const

/** The app's announced reverse-DNS id: `io.tessera.` and the app id in lower case. */
export const announcedRdns = (appId: string) => `io.tessera.${appId.toLowerCase()}`

export function announcedIdentity(config: Pick<EffectiveConfig, 'appId' | 'appName' | 'appearance'>): AnnouncedIdentity {
  const logo = config.appearance.logo
  return {
    name: config.appName.trim() || 'Tessera',
    icon: logo?.startsWith('data:image/') ? (logo as AnnouncedIdentity['icon']) : defaultIcon,
    rdns: announcedRdns(config.appId),
  }
}
