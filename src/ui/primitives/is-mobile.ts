/** Phones and tablets: they open an app by link instead of scanning a QR code. */
export const isMobile = () => /Android|iPhone|iPad|iPod|Mobi/i.test(globalThis.navigator?.userAgent ?? '')
