import { Writable } from 'node:stream'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embeddedWalletRoutes } from '../../../src/protocol/index.js'
import { startTestServer, type TestServer } from '../test-support/test-server.js'
import { createBodyOf, newTestWallet, randomAddress, splitEntropy } from './test-fixtures/share-set.js'

let t: TestServer
let logs = ''
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk
      done()
    },
  })
  t = await startTestServer({ overrides: { logger: pino({ level: 'debug' }, sink) } })
})
afterAll(async () => {
  await t?.close()
})

describe('wallet shares in logs and error bodies', () => {
  it('never appear, over a whole lifecycle with failures', async () => {
    const { token } = (await t.login('wallet-logs@example.com')).body
    const wallet = await newTestWallet('ethereum')
    const next = await splitEntropy(wallet.entropy, 2)
    const path = (route: { path: string }) => route.path.replace(':address', wallet.address)
    const errorBodies: unknown[] = []
    const keep = (response: { status: number; body: unknown }) => {
      if (response.status >= 400) errorBodies.push(response.body)
    }

    keep(await t.call(embeddedWalletRoutes.create.path, { body: createBodyOf(wallet), token }))
    keep(await t.call(embeddedWalletRoutes.create.path, { body: { ...createBodyOf(wallet), auth_share: next.auth }, token }))
    keep(
      await t.call(embeddedWalletRoutes.add.path, {
        body: { chain_type: 'ethereum', address: randomAddress('ethereum'), entropy_id: wallet.address, wallet_index: 1 },
        token,
      }),
    )
    keep(await t.call(path(embeddedWalletRoutes.authShare), { body: { chain_type: 'ethereum' }, token }))
    keep(await t.call(path(embeddedWalletRoutes.keyMaterial), { body: { chain_type: 'ethereum' }, token }))
    const reshare = { chain_type: 'ethereum', previous_share_version: 1, auth_share: next.auth, recovery: { method: 'privy', share: next.recovery } }
    keep(await t.call(path(embeddedWalletRoutes.reshare), { body: reshare, token }))
    keep(await t.call(path(embeddedWalletRoutes.reshare), { body: reshare, token }))
    keep(await t.call(path(embeddedWalletRoutes.reshare), { body: { ...reshare, previous_share_version: 2, auth_share: wallet.split.auth }, token }))
    keep(await t.call(path(embeddedWalletRoutes.authShare), { body: { chain_type: 'ethereum' } }))

    expect(logs).toContain('"msg":"request"')
    expect(errorBodies.length).toBeGreaterThanOrEqual(3)
    for (const secret of [...Object.values(wallet.split), ...Object.values(next), token]) {
      expect(logs).not.toContain(secret)
      expect(JSON.stringify(errorBodies)).not.toContain(secret)
    }
  })
})
