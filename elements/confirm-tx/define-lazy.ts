/**
 * Defines `<confirm-tx>`: its code (the element, and with the first transaction its screens) loads on this call, so
 * it never weighs on a page's first load. Resolves once the element is defined.
 */
export const defineConfirmTx = (): Promise<unknown> => import('./define.js')
