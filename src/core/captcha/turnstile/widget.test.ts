import { afterEach, describe, expect, it, vi } from 'vitest'
import { CAPTCHA_POLL_MS, CAPTCHA_TIMEOUT_MS } from '../poll.js'
import { FakeTurnstile, fakeHost } from '../test-support/fake-turnstile.js'
import { loadTurnstile, TURNSTILE_SCRIPT_URL } from './load-script.js'
import { createTurnstileWidget } from './widget.js'

afterEach(() => {
  vi.useRealTimers()
})

function newWidget(turnstile = new FakeTurnstile(), onExpired = () => {}) {
  const page = fakeHost(turnstile)
  const widget = createTurnstileWidget(page.host, turnstile, { siteKey: '0x4AAAAAAB', action: 'tessera-test-app-00000001', onExpired })
  return { ...page, widget, turnstile }
}

describe('Turnstile widget', () => {
  it('renders an invisible widget, run on execute, in a hidden container added to the body', async () => {
    const { widget, turnstile, body } = newWidget()
    const [id, rendered] = [...turnstile.widgets][0]!
    expect(body).toEqual([rendered!.container])
    expect(body[0]!.attributes.get('aria-hidden')).toBe('true')
    expect(body[0]!.style.cssText).toContain('position:fixed')
    expect(rendered!.params).toMatchObject({
      sitekey: '0x4AAAAAAB',
      action: 'tessera-test-app-00000001',
      size: 'invisible',
      execution: 'execute',
      'refresh-expired': 'manual',
    })
    expect(await widget.execute()).toBe('turnstile-token-1')
    // A second run resets the widget first, as Turnstile requires.
    expect(await widget.execute()).toBe('turnstile-token-2')
    expect(turnstile.resets).toBe(1)
    widget.remove()
    expect(turnstile.widgets.get(id!)!.removed).toBe(true)
    expect(body[0]!.removed).toBe(true)
  })

  it('fails with captcha_failure when Turnstile reports an error', async () => {
    const turnstile = new FakeTurnstile()
    turnstile.outcome = 'fail'
    const { widget } = newWidget(turnstile)
    await expect(widget.execute()).rejects.toMatchObject({ code: 'captcha_failure', shortMessage: 'Captcha failed' })
  })

  it('polls every 200 ms and gives up after 20 s with captcha_timeout', async () => {
    vi.useFakeTimers()
    const turnstile = new FakeTurnstile()
    turnstile.outcome = 'hang'
    const { widget } = newWidget(turnstile)
    const result = widget.execute()
    result.catch(() => undefined)
    await vi.advanceTimersByTimeAsync(CAPTCHA_TIMEOUT_MS - CAPTCHA_POLL_MS)
    let settled = false
    void result.finally(() => void (settled = true)).catch(() => undefined)
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(CAPTCHA_POLL_MS)
    await expect(result).rejects.toMatchObject({ code: 'captcha_timeout', shortMessage: 'Captcha failed' })
  })

  it('tells its owner when the token expires', async () => {
    const onExpired = vi.fn()
    const { widget, turnstile } = newWidget(new FakeTurnstile(), onExpired)
    await widget.execute()
    turnstile.expire('widget-1')
    expect(onExpired).toHaveBeenCalledOnce()
  })

  it('fails when Turnstile renders nothing, and leaves no container behind', () => {
    const turnstile = new FakeTurnstile()
    turnstile.render = () => null
    const { host, body } = fakeHost(turnstile)
    expect(() => createTurnstileWidget(host, turnstile, { siteKey: 'k', action: 'a', onExpired: () => {} })).toThrow(
      expect.objectContaining({ code: 'captcha_failure' }),
    )
    expect(body[0]!.removed).toBe(true)
  })
})

describe('Turnstile script', () => {
  it('adds the explicit-render script once and resolves with window.turnstile', async () => {
    const { host, head } = fakeHost()
    const first = loadTurnstile(host, 'http://127.0.0.1:9/turnstile.js')
    const second = loadTurnstile(host, 'http://127.0.0.1:9/turnstile.js')
    expect(head).toHaveLength(1)
    expect(head[0]).toMatchObject({ src: 'http://127.0.0.1:9/turnstile.js', async: true })
    const turnstile = new FakeTurnstile()
    host.turnstile = turnstile
    head[0]!.fire('load')
    expect(await first).toBe(turnstile)
    expect(await second).toBe(turnstile)
    expect(await loadTurnstile(host)).toBe(turnstile)
    expect(head).toHaveLength(1)
  })

  it("uses Cloudflare's URL by default, and may be retried after a failed load", async () => {
    const { host, head } = fakeHost()
    const failed = loadTurnstile(host)
    expect(head[0]!.src).toBe(TURNSTILE_SCRIPT_URL)
    expect(TURNSTILE_SCRIPT_URL).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
    head[0]!.fire('error')
    await expect(failed).rejects.toMatchObject({ code: 'captcha_failure' })
    const retried = loadTurnstile(host)
    expect(head).toHaveLength(2)
    head[1]!.fire('load')
    // Loaded, but the script did not define window.turnstile.
    await expect(retried).rejects.toMatchObject({ code: 'captcha_failure' })
  })
})
