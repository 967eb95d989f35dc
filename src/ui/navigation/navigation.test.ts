import { describe, expect, it, vi } from 'vitest'
import { createNavigation } from './navigation.js'

describe('createNavigation', () => {
  it('tracks current and last, goes back through history and resets', () => {
    const navigation = createNavigation()
    const listener = vi.fn()
    navigation.subscribe(listener)
    navigation.navigate('code')
    navigation.navigate('error')
    expect(navigation.getState()).toMatchObject({ current: 'error', last: 'code' })
    navigation.back()
    expect(navigation.getState()).toMatchObject({ current: 'code', last: 'error' })
    navigation.back()
    expect(navigation.getState().current).toBe('landing')
    navigation.back()
    expect(navigation.getState().current).toBe('landing')
    navigation.navigate('code')
    navigation.reset()
    expect(navigation.getState()).toEqual({ current: 'landing', last: null, history: [] })
    expect(listener).toHaveBeenCalledTimes(7)
  })

  it('ignores navigating to the current screen', () => {
    const navigation = createNavigation()
    navigation.navigate('landing')
    expect(navigation.getState().history).toEqual([])
  })
})
