/** `0x` and two lowercase hex digits per byte. */
export const bytesToHex = (bytes: Uint8Array): `0x${string}` => `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** A text's UTF-8 bytes in hex: how `personal_sign` carries a message. */
export const utf8ToHex = (text: string): `0x${string}` => bytesToHex(new TextEncoder().encode(text))
