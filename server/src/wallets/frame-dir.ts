import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's built frame (`npm run build` writes it), found from this file's place in the server package. */
export const defaultWalletFrameDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist/frame')

/** The option, else TESSERA_WALLET_FRAME_DIR, else the repository's `dist/frame`. */
export function resolveWalletFrameDir(option?: string, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(option ?? (env.TESSERA_WALLET_FRAME_DIR || defaultWalletFrameDir))
}
