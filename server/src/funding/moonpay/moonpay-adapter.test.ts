import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { moonpaySignBody, widgetParams } from './sign-body.js'
import { signWidgetUrl } from './sign-widget-url.js'

const evmAddress = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'
const solanaAddress = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

/** MoonPay's check of a signed URL: HMAC-SHA256 (base64) of the query string before `&signature=`, under the secret key. */
function moonpayAccepts(signedUrl: string, secretKey: string): boolean {
  const url = new URL(signedUrl)
  const [unsigned, signature] = url.search.split('&signature=')
  return signature !== undefined && createHmac('sha256', secretKey).update(unsigned!).digest('base64') === decodeURIComponent(signature)
}

describe('MoonPay widget URL signing', () => {
  it('signs the query string as MoonPay documents (a known answer computed outside this code)', () => {
    const signed = signWidgetUrl(
      'https://buy-sandbox.moonpay.com',
      [
        ['apiKey', 'pk_test_123'],
        ['currencyCode', 'eth'],
        ['walletAddress', evmAddress],
      ],
      'sk_test_key',
    )
    // `openssl dgst -sha256 -hmac sk_test_key -binary | base64` of '?apiKey=pk_test_123&currencyCode=eth&walletAddress=0xde0b...'
    expect(signed).toBe(
      `https://buy-sandbox.moonpay.com/?apiKey=pk_test_123&currencyCode=eth&walletAddress=${evmAddress}&signature=${encodeURIComponent('i62GIUxAsfb5UoocA02s1yMVk7mkkKPpVCqwdmUb63s=')}`,
    )
    expect(moonpayAccepts(signed, 'sk_test_key')).toBe(true)
    expect(moonpayAccepts(signed.replace('currencyCode=eth', 'currencyCode=btc'), 'sk_test_key')).toBe(false)
    expect(moonpayAccepts(signed, 'sk_other_key')).toBe(false)
  })

  it('encodes values before signing, so the signature covers them as sent', () => {
    const signed = signWidgetUrl(
      'https://buy.moonpay.com/',
      [
        ['apiKey', 'pk_live_1'],
        ['colorCode', '#676FFF'],
        ['email', 'a+b@example.com'],
      ],
      'sk_live_1',
    )
    expect(new URL(signed).searchParams.get('colorCode')).toBe('#676FFF')
    expect(new URL(signed).searchParams.get('email')).toBe('a+b@example.com')
    expect(moonpayAccepts(signed, 'sk_live_1')).toBe(true)
  })
})

describe('MoonPay sign body', () => {
  const parse = (body: unknown) => moonpaySignBody.safeParse(body)

  it("takes the body's allowed fields only, in MoonPay's parameter names, with MoonPay's currency codes", () => {
    const request = moonpaySignBody.parse({
      address: evmAddress,
      useSandbox: false,
      url: 'https://evil.example',
      config: {
        currencyCode: 'ETH_BASE',
        quoteCurrencyAmount: 0.05,
        paymentMethod: 'credit_debit_card',
        email: 'buyer@example.com',
        uiConfig: { accentColor: '#676FFF', theme: 'dark' },
        redirectURL: 'https://evil.example',
      },
    })
    expect(widgetParams(request, 'pk_live_1', 'ext-1')).toEqual([
      ['apiKey', 'pk_live_1'],
      ['currencyCode', 'eth_base'],
      ['walletAddress', evmAddress],
      ['quoteCurrencyAmount', '0.05'],
      ['paymentMethod', 'credit_debit_card'],
      ['colorCode', '#676FFF'],
      ['theme', 'dark'],
      ['email', 'buyer@example.com'],
      ['externalTransactionId', 'ext-1'],
    ])
  })

  it("defaults the currency to the wallet chain's native asset and maps the reference clients' codes", () => {
    expect(moonpaySignBody.parse({ address: evmAddress, config: {} }).currencyCode).toBe('eth')
    expect(moonpaySignBody.parse({ address: solanaAddress, config: {} }).currencyCode).toBe('sol')
    expect(moonpaySignBody.parse({ address: solanaAddress, config: { currencyCode: 'USDC_SOL' } }).currencyCode).toBe('usdc_sol')
    expect(moonpaySignBody.parse({ address: evmAddress, config: { currencyCode: 'USDC_ETHEREUM' } }).currencyCode).toBe('usdc')
  })

  it('refuses a currency the wallet cannot receive, bad addresses, amounts, colors and types', () => {
    expect(parse({ address: solanaAddress, config: { currencyCode: 'ETH' } }).error?.issues[0]).toMatchObject({ path: ['config', 'currencyCode'] })
    expect(parse({ address: evmAddress, config: { currencyCode: 'SOL' } }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { currencyCode: 'DOGE' } }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { currencyCode: 'constructor' } }).success).toBe(false)
    expect(parse({ address: '0x1234', config: {} }).success).toBe(false)
    expect(parse({ address: evmAddress }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { quoteCurrencyAmount: -1 } }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { quoteCurrencyAmount: '1' } }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { uiConfig: { accentColor: 'red;x' } } }).success).toBe(false)
    expect(parse({ address: evmAddress, config: { paymentMethod: 'cash' } }).success).toBe(false)
    expect(parse({ address: evmAddress, useSandbox: 'yes', config: {} }).success).toBe(false)
  })
})
