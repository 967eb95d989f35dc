/**
 * Defines `<fund-wallet>`: its code (the element, and with the first session its screens) loads on this call, so it
 * never weighs on a page's first load. Resolves once the element is defined.
 */
export const defineFundWallet = (): Promise<unknown> => import('./define.js')
