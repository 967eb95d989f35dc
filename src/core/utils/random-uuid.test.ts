import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomUuid } from './random-uuid.js'

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is a version-4 RFC 9562 UUID, different each call', () => {
    const ids = Array.from({ length: 200 }, randomUuid)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('works where crypto.randomUUID is missing (a page that is not a secure context)', () => {
    const { getRandomValues } = globalThis.crypto
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) })
    expect((globalThis.crypto as { randomUUID?: unknown }).randomUUID).toBeUndefined()
    expect(randomUuid()).toMatch(/^[0-9a-f-]{36}$/)
  })
})
