/** Ethereum addresses compare without their checksum casing. */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
