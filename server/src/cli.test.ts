import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from './test-support/test-database.js'
import { runCli, spawnCli, waitForOutput } from './test-support/run-cli.js'

let database: TestDatabase
let place: string[]
let env: Record<string, string | undefined>
beforeAll(async () => {
  database = await createTestDatabase()
  place = database.dataDir ? ['--data-dir', database.dataDir] : []
  env = { DATABASE_URL: database.databaseUrl }
})
afterAll(async () => { await database?.dispose() })

describe('tessera-server apps', () => {
  it('creates, lists, shows and updates apps', async () => {
    const created = await runCli(['apps', 'create', '--name', 'Shop', '--origin', 'https://shop.example', '--origin', 'http://localhost:*', '--terms-url', 'https://shop.example/terms', '--disable-plus-emails', ...place], env)
    expect(created.code, created.stderr).toBe(0)
    const app = JSON.parse(created.stdout)
    expect(app.id).toMatch(/^[a-z0-9]{25}$/)
    expect(app).toMatchObject({ name: 'Shop', allowedOrigins: ['https://shop.example', 'http://localhost:*'], loginMethods: ['email'], termsUrl: 'https://shop.example/terms', disablePlusEmails: true, requireUsersAcceptTerms: false })

    const listed = await runCli(['apps', 'list', ...place], env)
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain(`${app.id}  Shop`)

    const updated = await runCli(['apps', 'update', app.id, '--name', 'Shop 2', '--require-terms', '--disable-plus-emails=false', '--privacy-url', 'https://shop.example/privacy', ...place], env)
    expect(updated.code, updated.stderr).toBe(0)
    expect(JSON.parse(updated.stdout)).toMatchObject({ id: app.id, name: 'Shop 2', requireUsersAcceptTerms: true, disablePlusEmails: false, privacyUrl: 'https://shop.example/privacy', allowedOrigins: ['https://shop.example', 'http://localhost:*'] })

    const shown = await runCli(['apps', 'show', app.id, ...place], env)
    expect(shown.code).toBe(0)
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: app.id, name: 'Shop 2' })
  })

  it('explains bad usage with exit code 2', async () => {
    const missingName = await runCli(['apps', 'create', ...place], env)
    expect(missingName.code).toBe(2)
    expect(missingName.stderr).toContain('apps create needs --name')
    const unknown = await runCli(['apps', 'show', 'nope', ...place], env)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain("No app with id 'nope'")
    const badMethod = await runCli(['apps', 'create', '--name', 'X', '--login-methods', 'carrier-pigeon', ...place], env)
    expect(badMethod.code).toBe(2)
    expect(badMethod.stderr).toContain('Unknown login method')
  })
})

describe('tessera-server start', () => {
  it.skipIf(!!process.env.DATABASE_URL)('locks the PGlite data directory against a second process and closes cleanly on SIGTERM', async () => {
    const dataDir = database.dataDir!
    const first = spawnCli(['start', '--dev', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined })
    try {
      const output = await waitForOutput(first, /ready at (http:\/\/127\.0\.0\.1:\d+)/)
      const url = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!
      expect((await fetch(`${url}/api/v1/apps/tessera-dev-app-000000001`)).status).toBe(200)

      const second = await runCli(['start', '--dev', '--port', '0', '--data-dir', dataDir], { DATABASE_URL: undefined })
      expect(second.code).toBe(1)
      expect(second.stderr).toContain(`is in use by another tessera-server process (pid ${first.pid})`)
      const cli = await runCli(['apps', 'list', '--data-dir', dataDir], { DATABASE_URL: undefined })
      expect(cli.code).toBe(1)
      expect(cli.stderr).toContain('in use by another tessera-server process')
    } finally {
      const exited = new Promise<number | null>((resolve) => first.once('exit', resolve))
      first.kill('SIGTERM')
      expect(await exited).toBe(0)
    }
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false)
  })
})
