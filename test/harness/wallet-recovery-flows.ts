/** Steps the wallet recovery end-to-end tests share on the vanilla demo: the provider's popup, the server's view of the wallets, the password wizard. */
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DEV_APP_ID, OAUTH_POPUP_SIZE, type UserDto } from '../../src/protocol/index.js'
import { fillAndLeave, modalPart, uiTimeout, walletTimeout } from './demo-flows.js'

/** Runs `click` and follows the provider's popup until it posts back and closes (after `recordPopupFeatures`). */
export async function consentInPopup(page: Page, click: () => Promise<void>): Promise<void> {
  const popupOpened = page.waitForEvent('popup', { timeout: uiTimeout })
  await click()
  const popup = await popupOpened
  // The provider consents at once; the popup lands on the demo page, which posts the return to the opener and closes.
  if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: walletTimeout })
  const features = (await page.evaluate(() => (window as unknown as { e2ePopupFeatures: string[] }).e2ePopupFeatures)).join(' | ')
  expect(features, 'the popup is 440×680').toMatch(new RegExp(`width=${OAUTH_POPUP_SIZE.width},height=${OAUTH_POPUP_SIZE.height}`))
}

/** The user's embedded wallets as the server answers them (`/users/me`): chain, address (Ethereum in lower case), recovery method. */
export async function serverWallets(page: Page, apiUrl: string): Promise<string[][]> {
  // A string, so vitest does not rewrite the page's dynamic import; the page's own client holds the session.
  const script = `import('/tessera.js').then(async ({ getOrCreateClient }) => {
    const token = await getOrCreateClient({ appId: ${JSON.stringify(DEV_APP_ID)} }).getAccessToken()
    const response = await fetch(${JSON.stringify(`${apiUrl}/api/v1/users/me`)}, { headers: { authorization: 'Bearer ' + token, 'privy-app-id': ${JSON.stringify(DEV_APP_ID)} } })
    return response.json()
  })`
  const { user } = (await page.evaluate(script)) as { user: UserDto }
  return user.linked_accounts
    .filter((account) => account.type === 'wallet' && account.wallet_client_type === 'privy')
    .map((account) => {
      const wallet = account as { chain_type: string; address: string; recovery_method: string }
      return [wallet.chain_type, wallet.chain_type === 'ethereum' ? wallet.address.toLowerCase() : wallet.address, wallet.recovery_method]
    })
}

/** From 'Set your password' to 'Set Password' clicked: save, confirm, acknowledge. */
export async function completePasswordWizard(page: Page, password: string): Promise<void> {
  const title = modalPart(page, 'title')
  await fillAndLeave(page, 'password-input', password)
  await modalPart(page, 'submit-button').click()
  await title.filter({ hasText: 'Save your password' }).waitFor({ timeout: uiTimeout })
  await modalPart(page, 'submit-button').click()
  await title.filter({ hasText: 'Confirm your password' }).waitFor({ timeout: uiTimeout })
  await fillAndLeave(page, 'password-confirm-input', password)
  await modalPart(page, 'submit-button').click()
  await title.filter({ hasText: 'Confirm you have saved' }).waitFor({ timeout: uiTimeout })
  await modalPart(page, 'password-acknowledge').check()
  await modalPart(page, 'submit-button').filter({ hasText: 'Set Password' }).click()
}
