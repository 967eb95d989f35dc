// Code entry and error screens in Chromium through the fixture bundle: the real UI over a client
// double (these screens need a server otherwise; the full path runs in the end-to-end test).
import { sendKeys } from '@web/test-runner-commands'
import { assert, assertEqual, waitFor, sleep, mountedHosts } from './browser-assertions.js'

const { createScriptedClient, mountView, mountCodeBoxes, TesseraError } = await import('/.test-data/browser-fixtures/auth-modal-view.js')

function paste(target, text) {
  const clipboardData = new DataTransfer()
  clipboardData.setData('text', text)
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
}

const { newHost, track } = mountedHosts()

describe('code boxes', () => {
  function setup() {
    const host = newHost()
    const completed = []
    const props = { disabled: false, error: null, resetKey: 0, onComplete: (code) => completed.push(code) }
    const root = mountCodeBoxes(host, props)
    track(root, host)
    const boxes = () => [...host.querySelectorAll('input')]
    return { host, root, props, completed, boxes, values: () => boxes().map((box) => box.value) }
  }

  it('has six labelled boxes and moves focus while typing', async () => {
    const { boxes, values } = setup()
    await waitFor(() => boxes().length === 6, 'six boxes')
    assertEqual(
      boxes().map((box) => box.getAttribute('aria-label')),
      [1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`),
      'labels',
    )
    boxes()[0].focus()
    await sendKeys({ type: '12' })
    assertEqual(values(), ['1', '2', '', '', '', ''], 'typed digits')
    assertEqual(document.activeElement, boxes()[2], 'focus on the third box')
  })

  it('spreads a pasted code, strips whitespace and submits once when complete', async () => {
    const { boxes, values, completed } = setup()
    await waitFor(() => boxes().length === 6, 'six boxes')
    paste(boxes()[2], ' 12 34\n56 ')
    await waitFor(() => completed.length === 1, 'auto-submit')
    assertEqual(values(), ['1', '2', '3', '4', '5', '6'], 'every box filled')
    assertEqual(completed, ['123456'], 'submitted code')
    await sleep(50)
    assertEqual(completed.length, 1, 'submitted only once')
  })

  it("shows 'Code should be numeric' on other input and clears it on the next digit", async () => {
    const { host, boxes, values } = setup()
    await waitFor(() => boxes().length === 6, 'six boxes')
    boxes()[0].focus()
    await sendKeys({ type: '7x' })
    const error = await waitFor(() => host.querySelector('[part="error"]'), 'the numeric error')
    assertEqual(error.textContent, 'Code should be numeric', 'error text')
    assertEqual(values(), ['7', '', '', '', '', ''], 'the letter is not kept')
    await sendKeys({ type: '8' })
    await waitFor(() => host.querySelector('[part="error"]') === null, 'the error to clear')
    assertEqual(values(), ['7', '8', '', '', '', ''], 'digit accepted')
  })

  it('Backspace clears and moves back', async () => {
    const { boxes, values } = setup()
    await waitFor(() => boxes().length === 6, 'six boxes')
    boxes()[0].focus()
    await sendKeys({ type: '123' })
    await sendKeys({ press: 'Backspace' })
    assertEqual(values(), ['1', '2', '', '', '', ''], 'the last digit cleared')
    assertEqual(document.activeElement, boxes()[2], 'focus moved back')
    await sendKeys({ press: 'Backspace' })
    await sendKeys({ press: 'Backspace' })
    assertEqual(values(), ['', '', '', '', '', ''], 'all cleared')
    assertEqual(document.activeElement, boxes()[0], 'focus on the first box')
  })
})

describe('modal view over a scripted client', () => {
  const user = { id: 'did:privy:fixture', linkedAccounts: [] }

  function setup(script, { open = true } = {}) {
    const calls = { sendCode: [], loginWithCode: [], closed: 0, success: [], errors: [] }
    const client = createScriptedClient({
      sendCode: async (email) => void calls.sendCode.push(email),
      loginWithCode: async (code) => {
        calls.loginWithCode.push(code)
        if (code !== '123456') throw new TesseraError({ code: 'invalid_credentials', shortMessage: 'Invalid or expired verification code', status: 401 })
        return { user, isNewUser: true }
      },
      ...script,
    })
    const host = newHost()
    const { root, shadow, update } = mountView(host, {
      open,
      client,
      onClose: () => calls.closed++,
      onLoginSuccess: (detail) => calls.success.push(detail),
      onAuthError: (error) => calls.errors.push(error.code),
    })
    track(root, host)
    const part = (name) => shadow.querySelector(`[part~="${name}"]`)
    return { calls, shadow, part, update, client }
  }

  async function submitEmail(part, email) {
    const input = await waitFor(() => part('email-input'), 'the email input')
    input.focus()
    await sendKeys({ type: email })
    await sendKeys({ press: 'Enter' })
  }

  it('opens 15 ms after it is asked to (sign-in spec, "States and transitions": "Modal lifecycle")', async () => {
    const { part, update, shadow } = setup()
    await waitFor(() => part('dialog'), 'the first opening')
    update({ open: false })
    await waitFor(() => !part('dialog'), 'closed')
    const appeared = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (!part('dialog')) return
        observer.disconnect()
        resolve(performance.now())
      })
      observer.observe(shadow, { childList: true, subtree: true })
    })
    const askedAt = performance.now()
    update({ open: true })
    const delay = (await appeared) - askedAt
    assert(delay >= 14, `the dialog appeared ${delay.toFixed(1)} ms after open (expected at least 15 ms)`)
  })

  it('reopened within the 200 ms reset delay, the modal still starts over on the landing', async () => {
    const { part, update, client } = setup()
    await submitEmail(part, 'ada@example.com')
    await waitFor(() => part('title')?.textContent === 'Enter confirmation code', 'the code screen')
    update({ open: false })
    await sleep(50)
    update({ open: true })
    await waitFor(() => part('email-input'), 'the landing after reopening')
    assertEqual(client.auth.email.getState().status, 'initial', 'the email flow was reset')
  })

  it('a modal that was never opened leaves a flow the app started headlessly alone (flows reset only on close)', async () => {
    const { client } = setup(undefined, { open: false })
    await client.auth.email.sendCode('ada@example.com')
    const started = client.auth.email.getState().status
    await sleep(400)
    assertEqual(client.auth.email.getState().status, started, 'the headless flow kept its state past the 200 ms reset delay')
    assert(started !== 'initial', `the flow had started (${started})`)
  })

  it('sends the code, rejects a wrong code with a 1400 ms reset, then signs in and closes', async () => {
    const { calls, shadow, part } = setup()
    await submitEmail(part, 'ada@example.com')
    await waitFor(() => part('title')?.textContent === 'Enter confirmation code', 'the code screen')
    assertEqual(calls.sendCode, ['ada@example.com'], 'sendCode called with the email')
    assert(part('back-button') && part('close-button'), 'back and close buttons')
    assert(shadow.textContent.includes('Code sent'), "'Code sent' badge during the countdown")

    const boxes = () => [...part('code-input').querySelectorAll('input')]
    await waitFor(() => shadow.activeElement === boxes()[0], 'focus on the first box')
    paste(boxes()[0], '000000')
    const error = await waitFor(() => part('error'), 'the incorrect code error')
    assertEqual(error.textContent, 'Incorrect code', 'error text')
    assertEqual(calls.errors, ['invalid_credentials'], 'autherror reported')
    const shownAt = performance.now()
    await waitFor(() => part('error') === null, 'the error to reset', 3000)
    const elapsed = performance.now() - shownAt
    assert(elapsed > 1200 && elapsed < 2200, `reset after about 1400 ms (took ${Math.round(elapsed)} ms)`)
    assertEqual(
      boxes()
        .map((box) => box.value)
        .join(''),
      '',
      'boxes cleared after the reset',
    )

    await waitFor(() => !boxes()[0].disabled && shadow.activeElement === boxes()[0], 'boxes usable again')
    paste(boxes()[0], '123456')
    await waitFor(() => calls.closed === 1, 'the modal to close on success')
    assertEqual(calls.success, [{ user, isNewUser: true }], 'loginsuccess detail')
    assertEqual(calls.loginWithCode, ['000000', '123456'], 'codes submitted')
  })

  it("offers 'Resend code' when the 30 s countdown ends", async () => {
    const { calls, shadow, part } = setup({ sentAt: () => Date.now() - 29_000 })
    await submitEmail(part, 'ada@example.com')
    await waitFor(() => part('title')?.textContent === 'Enter confirmation code', 'the code screen')
    assert(shadow.textContent.includes('Code sent'), "'Code sent' first")
    const resend = await waitFor(() => [...shadow.querySelectorAll('button')].find((button) => button.textContent === 'Resend code'), "'Resend code'", 2500)
    resend.click()
    await waitFor(() => calls.sendCode.length === 2, 'the code to be sent again')
  })

  it('shows the plus-address error inline when the server refuses it and clears it on edit', async () => {
    const { calls, part } = setup({
      sendCode: async () => {
        throw new TesseraError({ code: 'disallowed_plus_email', shortMessage: 'Plus addresses are not allowed', status: 400 })
      },
    })
    await submitEmail(part, 'ada+x@example.com')
    const error = await waitFor(() => part('error'), 'the inline error')
    assertEqual(error.textContent, "Please enter a valid email address without a '+'.", 'inline text')
    assertEqual(part('title').textContent, 'Log in or sign up', 'still on the landing')
    assertEqual(calls.errors, ['disallowed_plus_email'], 'autherror reported')
    assert(part('submit-button').disabled, 'submit disabled while the error shows')
    await sendKeys({ press: 'Backspace' })
    await waitFor(() => part('error') === null, 'the error to clear when the email changes')
  })

  it('catches plus addresses before sending when the config disallows them', async () => {
    const { calls, part } = setup({ config: { disablePlusEmails: true } })
    await submitEmail(part, 'ada+x@example.com')
    await waitFor(() => part('error'), 'the inline error')
    assertEqual(calls.sendCode, [], 'no code sent')
  })

  it('routes too_many_requests to the error screen and back to the landing', async () => {
    const { calls, shadow, part } = setup({
      sendCode: async () => {
        throw new TesseraError({ code: 'too_many_requests', shortMessage: 'Slow down', status: 429 })
      },
    })
    await submitEmail(part, 'ada@example.com')
    await waitFor(() => part('title')?.textContent === 'Request failed', 'the error screen')
    assertEqual(part('error').textContent, 'Too many attempts.', 'description')
    assert(!shadow.textContent.includes('Slow down'), 'the raw server message is not shown')
    const action = [...shadow.querySelectorAll('button')].find((button) => button.textContent === 'Try again later')
    assert(action, "'Try again later' button")
    action.click()
    await waitFor(() => part('title')?.textContent === 'Log in or sign up', 'back on the landing')
    assertEqual(calls.errors, ['too_many_requests'], 'autherror reported')
  })
})
