import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startFakeApi, type FakeApi } from '../../src/core/test-support/api-server.js'
import { apiRoutes } from '../../src/core/test-support/fake-routes.js'
import { appConfigDto } from '../../src/core/test-support/fixtures.js'
import { getOrCreateClient } from '../../src/core/index.js'
import { TesseraProvider, useCustomAuth } from '../index.js'

const appId = 'tessera-test-app-00000022'
let api: FakeApi
beforeEach(async () => {
  api = await startFakeApi(apiRoutes({ [`GET /api/v1/apps/${appId}`]: () => ({ body: appConfigDto({ id: appId, custom_jwt_auth: true }) }) }))
})
afterEach(async () => {
  getOrCreateClient({ appId }).destroy()
  await api.close()
})

function Probe() {
  return <output>{JSON.stringify(useCustomAuth())}</output>
}
const render = () => {
  const html = renderToString(
    <TesseraProvider appId={appId} apiUrl={api.url}>
      <Probe />
    </TesseraProvider>,
  )
  return JSON.parse(html.match(/<output>(.*?)<\/output>/)![1]!.replaceAll('&quot;', '"'))
}

describe('useCustomAuth', () => {
  it("reads the client's custom-auth state", async () => {
    expect(render()).toEqual({ status: 'initial', error: null })
    const client = getOrCreateClient({ appId })
    await client.auth.customAuth.sync()
    // No app config: custom auth is off even though the server allows it.
    expect(render()).toEqual({ status: 'not-enabled', error: null })
  })
})
