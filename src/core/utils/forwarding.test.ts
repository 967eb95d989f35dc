import { describe, expect, it, vi } from 'vitest'
import { forwarding } from './forwarding.js'

interface Api {
  getState(): string
  greet(name: string): Promise<string>
  nested: { add(a: number, b: number): Promise<number> }
}

const implementation = { greet: async (name: string) => `hello ${name}`, nested: { add: async (a: number, b: number) => a + b } }

describe('forwarding', () => {
  it('answers own members at once and loads the implementation for each of the others', async () => {
    const load = vi.fn(async () => implementation)
    const api = forwarding<Api>({ getState: () => 'idle' }, load)
    expect(api.getState()).toBe('idle')
    expect(load).not.toHaveBeenCalled()
    await expect(api.greet('ada')).resolves.toBe('hello ada')
    await expect(api.nested.add(2, 3)).resolves.toBe(5)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('is neither a promise nor JSON with a forwarded toJSON, and a failed load rejects the call', async () => {
    const api = forwarding<Api>({ getState: () => 'idle' }, async () => Promise.reject(new Error('chunk failed')))
    expect((api as unknown as { then?: unknown }).then).toBeUndefined()
    expect(JSON.stringify(api)).toBe('{}')
    await expect(Promise.resolve(api)).resolves.toBe(api)
    await expect(api.greet('ada')).rejects.toThrow('chunk failed')
  })
})
