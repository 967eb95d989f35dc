export * from './constants.js'
export * from './dto.js'
/** Each sign-in method's own body and response types, beside its routes (the route objects stay out of this entry). */
export type {
  CrossAppAccountDto,
  CrossAppAuthenticateBody,
  CrossAppAuthorizeBody,
  CrossAppAuthorizeResponse,
  CrossAppConnectionDto,
  CrossAppConnectionsResponse,
  CrossAppDetailsDto,
  CrossAppLinkBody,
  CrossAppRequesterDto,
  CrossAppTokenAction,
  CrossAppTransactInitBody,
  CrossAppTransactInitResponse,
  CrossAppTransactRequestDto,
  CrossAppTransactRequesterBody,
  CrossAppUnlinkBody,
} from './routes/cross-app.js'
export type { CustomAuthAccountDto, CustomJwtAuthenticateBody, CustomJwtLinkBody } from './routes/custom-auth.js'
export type {
  EmailAccountDto,
  PasswordlessAuthenticateBody,
  PasswordlessInitBody,
  PasswordlessLinkBody,
  PasswordlessTransferBody,
  PasswordlessUnlinkBody,
  PasswordlessUpdateBody,
} from './routes/email.js'
export type {
  FarcasterAccountDto,
  FarcasterAuthenticateBody,
  FarcasterInitBody,
  FarcasterInitResponse,
  FarcasterLinkBody,
  FarcasterRelayBody,
  FarcasterSignerInitBody,
  FarcasterSignerInitResponse,
  FarcasterSignerStatusResponse,
  FarcasterStatusResponse,
  FarcasterTransferBody,
  FarcasterUnlinkBody,
  FarcasterV2AuthenticateBody,
  FarcasterV2InitBody,
  FarcasterV2InitResponse,
} from './routes/farcaster.js'
export type { GuestAuthenticateBody } from './routes/guest.js'
export type {
  OAuthAccountDto,
  OAuthAuthenticateBody,
  OAuthInitBody,
  OAuthInitResponse,
  OAuthLinkBody,
  OAuthLinkDto,
  OAuthTransferBody,
  OAuthUnlinkBody,
} from './routes/oauth.js'
export type { PasskeyAccountDto, PasskeyAuthenticateBody, PasskeyInitBody, PasskeyInitDto, PasskeyRegisterBody, PasskeyUnlinkBody } from './routes/passkey.js'
export type { SiweAuthenticateBody, SiweLinkBody, SiweLinkSmartWalletBody } from './routes/siwe.js'
export type { SiwsAuthenticateBody, SiwsLinkBody } from './routes/siws.js'
export type { PhoneAccountDto, SmsAuthenticateBody, SmsInitBody, SmsLinkBody, SmsTransferBody, SmsUnlinkBody, SmsUpdateBody } from './routes/sms.js'
export type { TelegramAccountDto, TelegramAuthenticateBody, TelegramProofBody, TelegramSignedData, TelegramUnlinkBody } from './routes/telegram.js'
export * from './errors.js'
export * from './routes.js'
export * from './passkey-wire.js'
export * from './base58.js'
export * from './siws-message.js'
export * from './wallet-frame.js'
export * from './same-address.js'
export * from './embedded-wallet-routes.js'
export * from './origins.js'
export * from './mfa.js'
export * from './mfa-auth.js'
export * from './recovery-routes.js'
export * from './delegation-routes.js'
export * from './scan.js'
export * from './authorization-signature.js'
export * from './wallet-api.js'
export * from './caip2.js'
