import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loginMethodSettingDefaults } from './login-method-setting-defaults.js'

const methodFolders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory())

describe('the login methods’ setting defaults list', () => {
  it("holds every method's stored-settings defaults, so a new method's cannot be left out", async () => {
    let found = 0
    for (const folder of methodFolders) {
      const settings = (await import(`./${folder.name}/settings.ts`).catch(() => null)) as Record<string, unknown> | null
      for (const [name, defaults] of Object.entries(settings ?? {}))
        if (name.endsWith('SettingDefaults')) {
          found++
          expect(loginMethodSettingDefaults, `${folder.name}/settings.ts ${name}`).toMatchObject(defaults as object)
        }
    }
    expect(found).toBeGreaterThanOrEqual(8)
  })
})
