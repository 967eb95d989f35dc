import { z } from 'zod'
import { isEvmAddress, walletAddress } from '../schemas.js'
import { moonpayCurrencyCode } from './currency-codes.js'

const paymentMethods = [
  'credit_debit_card',
  'ach_bank_transfer',
  'gbp_bank_transfer',
  'gbp_open_banking_payment',
  'mobile_wallet',
  'sepa_bank_transfer',
  'sepa_open_banking_payment',
  'pix_instant_payment',
  'yellow_card_bank_transfer',
] as const

/**
 * `POST /api/v1/plugins/moonpay_on_ramp/sign` (`MoonpayOnRampSignBody`, shaped after the reference API's schema). Only
 * these fields reach the widget URL: anything else the caller sends (a URL of its own) is dropped.
 */
export const moonpaySignBody = z
  .object({
    address: walletAddress,
    useSandbox: z.boolean().default(false),
    config: z.object({
      currencyCode: z.string().max(40).optional(),
      quoteCurrencyAmount: z.number().positive().max(1_000_000_000).optional(),
      email: z.email().max(320).optional(),
      paymentMethod: z.enum(paymentMethods).optional(),
      uiConfig: z
        .object({
          accentColor: z
            .string()
            .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a #rgb or #rrggbb color')
            .optional(),
          theme: z.enum(['light', 'dark']).optional(),
        })
        .optional(),
    }),
  })
  .transform((body, context) => {
    const chain = isEvmAddress(body.address) ? ('ethereum' as const) : ('solana' as const)
    const currencyCode = moonpayCurrencyCode(body.config.currencyCode ?? (chain === 'ethereum' ? 'ETH' : 'SOL'), chain)
    if (!currencyCode) {
      context.addIssue({
        code: 'custom',
        path: ['config', 'currencyCode'],
        message: `is not a currency MoonPay delivers to ${chain === 'ethereum' ? 'an Ethereum' : 'a Solana'} address`,
      })
      return z.NEVER
    }
    return { ...body, currencyCode }
  })
export type MoonpaySignRequest = z.output<typeof moonpaySignBody>

/** The widget's query parameters (MoonPay's names), in the order they are signed. */
export function widgetParams(request: MoonpaySignRequest, publishableKey: string, externalTransactionId: string): [string, string][] {
  const { config } = request
  const params: [string, string | undefined][] = [
    ['apiKey', publishableKey],
    ['currencyCode', request.currencyCode],
    ['walletAddress', request.address],
    ['quoteCurrencyAmount', config.quoteCurrencyAmount?.toString()],
    ['paymentMethod', config.paymentMethod],
    ['colorCode', config.uiConfig?.accentColor],
    ['theme', config.uiConfig?.theme],
    ['email', config.email],
    ['externalTransactionId', externalTransactionId],
  ]
  return params.filter((param): param is [string, string] => param[1] !== undefined)
}
