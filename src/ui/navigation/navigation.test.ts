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

  it('resets onto a start screen (a link or update intent opens on its method)', () => {
    const navigation = createNavigation()
    navigation.navigate('code')
    navigation.reset('phone')
    expect(navigation.getState()).toEqual({ current: 'phone', last: null, history: [] })
    navigation.navigate('sms-code')
    navigation.back()
    expect(navigation.getState().current).toBe('phone')
  })

  it('ignores navigating to the current screen', () => {
    const navigation = createNavigation()
    navigation.navigate('landing')
    expect(navigation.getState().history).toEqual([])
  })
})
