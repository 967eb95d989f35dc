/**
 * The export frame's entry (funding spec, "Screens and routes": "Key export"): starts only inside an allowed parent page, like the wallet
 * frame; on the user's click it asks the parent for the access token, opens the wallet and shows the key (or seed
 * phrase) in this document and copies it. Nothing about the key is posted out (docs/security.md #48).
 */
import { httpFrameApi } from '../api.js'
import { indexedDbDeviceShareStore } from '../device-store.js'
import { FrameError, isFrameError } from '../errors.js'
import { FRAME_CONFIG_ELEMENT_ID, parseFrameConfig } from '../frame-config.js'
import type { FrameWindow } from '../listener.js'
import { mfaTokenStore } from '../mfa-token.js'
import { trustedParentOrigin } from '../parent-origin.js'
import { httpServerWalletApi } from '../server-wallets/api.js'
import { serverWalletContext } from '../server-wallets/authorized-rpc.js'
import { indexedDbUserSignerKeyStore, userSigner } from '../server-wallets/user-signer.js'
import { parseExportQuery } from './export-query.js'
import { exportSecretWithMfa, type ExportedSecret } from './export-secret.js'
import { requestParentToken } from './parent-token.js'

const config = parseFrameConfig(document.getElementById(FRAME_CONFIG_ELEMENT_ID)?.textContent)
const target = parseExportQuery(location.search)
const parentOrigin =
  config &&
  trustedParentOrigin({ isTopWindow: window.parent === window, ancestorOrigins: location.ancestorOrigins, referrer: document.referrer }, config.allowedOrigins)

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

if (config && target && parentOrigin) {
  // One MFA token store: the token the share API's verification keeps must ride on the server wallet export too.
  const apiOptions = { appId: config.appId, clientId: target.clientId, mfaTokens: mfaTokenStore() }
  const serverWallets = serverWalletContext(
    httpServerWalletApi({ ...apiOptions, origin: location.origin }),
    userSigner(config.appId, indexedDbUserSignerKeyStore()),
  )
  const context = { appId: config.appId, api: httpFrameApi(apiOptions), deviceShares: indexedDbDeviceShareStore(), serverWallets }
  const keyButton = element<HTMLButtonElement>('export-private-key')
  const phraseButton = element<HTMLButtonElement>('export-seed-phrase')
  const output = element<HTMLOutputElement>('export-secret')
  const status = element<HTMLParagraphElement>('export-status')
  phraseButton.hidden = !target.phraseExport

  const show = async (pick: (secret: ExportedSecret) => string | null) => {
    keyButton.disabled = phraseButton.disabled = true
    status.removeAttribute('data-error')
    status.textContent = 'Loading…'
    try {
      const ask = (mfaRequired: boolean) => requestParentToken(window as unknown as FrameWindow, parentOrigin, mfaRequired)
      const secret = await exportSecretWithMfa(context, ask, target)
      const text = pick(secret)
      if (!text) throw new FrameError('error', 'This wallet has no seed phrase: it was imported from a private key')
      output.textContent = text
      output.hidden = false
      // The iframe needs allow="clipboard-write"; without it the text stays selectable above.
      status.textContent = await navigator.clipboard.writeText(text).then(
        () => 'Copied to clipboard',
        () => 'Select the text above to copy it',
      )
    } catch (error) {
      status.setAttribute('data-error', '')
      // The frame's errors carry the server's or the spec's copy, never a secret.
      status.textContent = isFrameError(error) ? error.message : 'Something went wrong'
      // For the developer's console only (a frame's console is not the host page's).
      if (!isFrameError(error)) console.error('Tessera export frame:', error instanceof Error ? `${error.name}: ${error.message}` : 'unknown failure')
    } finally {
      keyButton.disabled = phraseButton.disabled = false
    }
  }
  keyButton.addEventListener('click', () => void show((secret) => secret.privateKey))
  phraseButton.addEventListener('click', () => void show((secret) => secret.seedPhrase))
  element('export-root').hidden = false
} else {
  console.warn('Tessera export frame: not started (not embedded by an allowed origin, or no wallet named)')
}
