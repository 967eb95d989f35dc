/** What a QR code of `uri` must show, module by module (dark = true), from the `qrcode` library the screens use. */
import * as qrcode from 'qrcode'

export function qrModules(uri: string, errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H'): boolean[][] {
  const library = (qrcode as typeof qrcode & { default?: typeof qrcode }).default ?? qrcode
  const { modules } = library.create(uri, { errorCorrectionLevel })
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))))
}
