/**
 * The mark on what Tessera itself announces to the page (its embedded wallets' EIP-6963 provider and wallet-standard
 * wallet), so that Tessera's own discovery leaves them out. A registered symbol: a second copy of the bundle agrees.
 */
const announcedByTessera = Symbol.for('tessera.announced-wallet')

export function markAnnouncedByTessera<T extends object>(target: T): T {
  Object.defineProperty(target, announcedByTessera, { value: true })
  return target
}

export const isAnnouncedByTessera = (target: unknown): boolean =>
  typeof target === 'object' && target !== null && (target as Record<symbol, unknown>)[announcedByTessera] === true
