import { describe, expect, it, vi } from 'vitest'
import { leadingDebounce } from './leading-debounce.js'

describe('leadingDebounce', () => {
  it('runs the first call and drops calls within the window', () => {
    let now = 1000
    const run = leadingDebounce(2000, () => now)
    const action = vi.fn()
    expect(run(action)).toBe(true)
    now = 2999
    expect(run(action)).toBe(false)
    now = 3000
    expect(run(action)).toBe(true)
    expect(action).toHaveBeenCalledTimes(2)
  })
})
