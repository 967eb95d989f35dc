import { afterEach, describe, expect, it } from 'vitest'
import { getOrCreateClient, type TesseraClient, type TesseraError } from '../../src/core/index.js'
import { altchaChallenge } from '../../src/core/captcha/test-support/altcha-challenge.js'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto } from '../../src/core/test-support/fixtures.js'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { Captcha, TesseraProvider } from '../index.js'
import { runCaptcha } from './captcha.js'

let api: FakeApi | undefined
let client: TesseraClient | undefined
afterEach(async () => {
  client?.destroy()
  await api?.close()
})

async function clientWith(captcha: { enabled: boolean; solvable?: boolean }, appId: string) {
  api = await startFakeApi(
    apiRoutes({
      [`GET /api/v1/apps/${appId}`]: () => ({
        body: { ...appConfigDto(), id: appId, captcha_enabled: captcha.enabled, captcha_site_key: captcha.enabled ? `a:${appId}` : null },
      }),
      'GET /api/v1/captcha/challenge': () => ({
        body: altchaChallenge(captcha.solvable === false ? { number: 60, maxnumber: 50 } : { number: 42, maxnumber: 500 }),
      }),
    }),
  )
  client = getOrCreateClient({ appId, apiUrl: api.url })
  return client
}

function outcomes() {
  const seen: { success: string[]; errors: TesseraError[]; unsupported: number } = { success: [], errors: [], unsupported: 0 }
  const callbacks = {
    onSuccess: (token: string) => seen.success.push(token),
    onError: (error: TesseraError) => seen.errors.push(error),
    onUnsupported: () => void seen.unsupported++,
  }
  return { seen, callbacks: () => callbacks }
}

describe('Captcha', () => {
  it("solves the app's ALTCHA challenge and hands the token over", async () => {
    const { seen, callbacks } = outcomes()
    await runCaptcha(await clientWith({ enabled: true }, 'tessera-test-app-00000180'), callbacks)
    expect(seen.errors).toEqual([])
    const payload = JSON.parse(Buffer.from(seen.success[0]!, 'base64').toString('utf8')) as { number: number }
    expect(payload.number).toBe(42)
  })

  it("reports 'Captcha failed' when the challenge cannot be solved, and says when the app has no CAPTCHA", async () => {
    const failed = outcomes()
    await runCaptcha(await clientWith({ enabled: true, solvable: false }, 'tessera-test-app-00000181'), failed.callbacks)
    expect(failed.seen.errors.map((error) => [error.code, error.shortMessage])).toEqual([['captcha_failure', 'Captcha failed']])
    client!.destroy()
    await api!.close()

    const off = outcomes()
    await runCaptcha(await clientWith({ enabled: false }, 'tessera-test-app-00000182'), off.callbacks)
    expect(off.seen).toEqual({ success: [], errors: [], unsupported: 1 })
  })

  it('renders nothing of its own', () => {
    const render = (children: ReactNode) =>
      renderToString(
        <TesseraProvider appId="tessera-test-app-00000183" apiUrl="http://127.0.0.1:9">
          {children}
        </TesseraProvider>,
      )
    expect(render(<Captcha />)).toBe(render(null))
  })
})
