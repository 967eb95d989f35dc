/** Base64 for shares and signatures on the wire (btoa/atob exist in browsers and Node 20). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Null for text that is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null
  const binary = atob(text)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

export const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text)
