/**
 * Delegated wallets end to end (wallet spec, "Screens and routes" and "States and transitions" to "The error catalogue"): on the vanilla demo a user with an embedded Ethereum wallet
 * accepts offline access in the modal (the wallet frame hands the server its device share); the wallet shows
 * delegated. The test then plays the app's backend from node: with the app secret it signs a personal_sign and an
 * eth_signTransaction through `/api/v1/wallets/{wallet_id}/rpc`, checks both with viem, and broadcasts the signed
 * transaction on the local anvil chain, where it is mined. Revoking in the modal ('Confirm') ends it: /rpc refuses.
 */
import { parseTransaction, recoverTransactionAddress, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_APP_ID, delegationRoutes } from '../../src/protocol/index.js'
import { modalHidden, modalPart, signInOnDemo, uiTimeout, walletTimeout } from '../harness/demo-flows.js'
import { inNewPage, runId, startE2eStack, type E2eStack } from '../harness/e2e-stack.js'
import { fundAddress } from '../harness/local-chains.js'
import { recordContext, requestText, secretForms } from '../harness/recording.js'

const APP_SECRET = `e2e-delegation-secret-${'x'.repeat(24)}`
const RECIPIENT = '0x000000000000000000000000000000000000dEaD'

let stack: E2eStack
beforeAll(async () => {
  stack = await startE2eStack({
    devApp: (app) => ({ ...app, app_secret: APP_SECRET, embedded_wallets: { ...app.embedded_wallets, delegated_actions_enabled: true } }),
  })
}, 120_000)
afterAll(async () => {
  await stack?.close()
})

/** The app's backend: HTTP Basic `app_id:app_secret` and the app header, from node (no Origin). */
async function backendRpc(walletId: string, body: object): Promise<{ status: number; body: any }> {
  const response = await fetch(stack.api.url + delegationRoutes.rpc.path.replace(':wallet_id', walletId), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'privy-app-id': DEV_APP_ID,
      authorization: `Basic ${Buffer.from(`${DEV_APP_ID}:${APP_SECRET}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

async function anvil(method: string, params: unknown[]): Promise<any> {
  const response = await fetch(stack.chain.anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result
}

const walletRow = (page: import('playwright-core').Page, delegated: boolean) =>
  page.locator(`#embedded-wallets li[data-chain="ethereum"][data-imported="false"][data-delegated="${delegated}"] .address`)

/** The wallet id the user's account shows once delegated (the app's backend learns it from the user). */
const walletIdOf = (page: import('playwright-core').Page, address: string): Promise<string | null> =>
  page.evaluate(`(async () => {
    const { getOrCreateClient } = await import('/tessera.js')
    const { appId, apiUrl } = window.TESSERA_DEMO
    const account = getOrCreateClient({ appId, apiUrl }).getAuth().user.linkedAccounts.find((a) => a.type === 'wallet' && a.address === ${JSON.stringify(address)})
    return account ? account.id : null
  })()`)

describe('delegated wallets on the vanilla demo', () => {
  it('consent in the modal lets the app backend sign and send through /rpc; revoking in the modal stops it', async () => {
    await inNewPage(stack.browser, async (page, context) => {
      const recording = await recordContext(context)
      await signInOnDemo(page, stack.pageUrl('vanilla'), stack.api.url, `e2e-delegation-${runId()}@example.com`)
      const address = (await walletRow(page, false).textContent({ timeout: walletTimeout }))! as Hex

      await page.locator('#delegation-grant').click()
      await modalPart(page, 'title').filter({ hasText: 'Allow offline access' }).waitFor({ timeout: uiTimeout })
      expect(await modalPart(page, 'delegation-address').getAttribute('title')).toBe(address)
      await expect(modalPart(page, 'body').textContent()).resolves.toContain('You can revoke access at any time.')
      await modalPart(page, 'delegation-accept').filter({ hasText: 'Accept' }).click()
      await modalPart(page, 'delegation-done').waitFor({ timeout: walletTimeout })
      await modalHidden(page)
      await walletRow(page, true).waitFor({ timeout: uiTimeout })
      const walletId = await walletIdOf(page, address)
      expect(walletId).toMatch(/^[0-9a-f]{24}$/)

      // The device share goes to the server's delegate route only: never in a message, nor in any other request.
      const delegations = recording.requests.filter((request) => new URL(request.url).pathname === delegationRoutes.delegate.path)
      expect(delegations).toHaveLength(1)
      expect(new URL(delegations[0]!.url).origin).toBe(new URL(stack.api.url).origin)
      const deviceShare = JSON.parse(delegations[0]!.body).device_share as string
      const forms = secretForms(Buffer.from(deviceShare, 'base64'))
      const elsewhere = [
        ...recording.messages.map((message) => message.data),
        ...(await Promise.all(recording.requests.filter((request) => request !== delegations[0]).map(requestText))),
        await delegations[0]!.response,
      ].join('\n')
      for (const form of forms) expect(elsewhere).not.toContain(form)

      // The app's backend signs a message with the user offline (nothing on the page takes part).
      const signed = await backendRpc(walletId!, { method: 'personal_sign', params: { message: 'Signed by the app backend', encoding: 'utf-8' } })
      expect(signed.status).toBe(200)
      expect(await verifyMessage({ address, message: 'Signed by the app backend', signature: signed.body.data.signature })).toBe(true)

      // A transaction: funded from anvil, signed by the backend, broadcast and mined.
      await fundAddress(stack.chain, address, 10n ** 18n)
      const nonce = Number(await anvil('eth_getTransactionCount', [address, 'latest']))
      const gasPrice = BigInt(await anvil('eth_gasPrice', []))
      const transaction = {
        to: RECIPIENT,
        chain_id: stack.chain.anvil.chainId,
        nonce,
        value: '0x38d7ea4c68000',
        gas_limit: 21_000,
        max_fee_per_gas: `0x${(gasPrice * 2n).toString(16)}`,
        max_priority_fee_per_gas: '0x1',
      }
      const tx = await backendRpc(walletId!, { method: 'eth_signTransaction', params: { transaction } })
      expect(tx.status).toBe(200)
      const raw = tx.body.data.signed_transaction as Hex
      expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)
      expect(parseTransaction(raw)).toMatchObject({ chainId: stack.chain.anvil.chainId, to: RECIPIENT.toLowerCase(), value: 10n ** 15n })
      const hash = await anvil('eth_sendRawTransaction', [raw])
      await expect.poll(async () => (await anvil('eth_getTransactionReceipt', [hash]))?.status, { timeout: walletTimeout }).toBe('0x1')

      // Revoke: its own view, 'Confirm' / 'Deny'.
      await page.locator('#delegation-revoke').click()
      await modalPart(page, 'title').filter({ hasText: 'Revoke offline access' }).waitFor({ timeout: uiTimeout })
      await expect(modalPart(page, 'delegation-decline').textContent()).resolves.toBe('Deny')
      await modalPart(page, 'delegation-accept').filter({ hasText: 'Confirm' }).click()
      await modalPart(page, 'delegation-done').waitFor({ timeout: walletTimeout })
      await walletRow(page, false).waitFor({ timeout: uiTimeout })
      const refused = await backendRpc(walletId!, { method: 'personal_sign', params: { message: 'after revoke', encoding: 'utf-8' } })
      expect([refused.status, refused.body.code]).toEqual([403, 'user_has_not_delegated_wallet'])
    })
  })
})
