/** How a wire account of one type becomes the entity's fields; the login method that owns the type declares it. */
import type { LinkedAccountDto, LinkedAccountType } from '../../protocol/index.js'
import type { LoginMethodName } from '../auth/types.js'
import type { LinkedAccount, User } from './types.js'

type Times = Pick<LinkedAccount, 'verifiedAt' | 'firstVerifiedAt' | 'latestVerifiedAt'>
export type AccountFields = LinkedAccount extends infer A ? (A extends LinkedAccount ? Omit<A, keyof Times> : never) : never
/** The wire account of one type (OAuth accounts share one DTO whose `type` is a union). */
export type DtoOf<T extends LinkedAccountType> = LinkedAccountDto extends infer D
  ? D extends { type: infer U }
    ? T extends U
      ? D & { type: T }
      : never
    : never
  : never

export interface AccountMappers {
  /** One mapper per account type: each picks its own fields from the wire account. */
  map: { [T in LinkedAccountType]?: (dto: DtoOf<T>) => AccountFields | null }
  /** The `User` field that holds the first account of a type (`user.email`, `user.google`, ...). */
  slots?: Partial<Record<LinkedAccountType, keyof User>>
}

/** How `findLinkedAccount` knows a method's accounts; each method gives its own (`accountKey` in its module). */
export interface LinkedAccountKey {
  /** The key the account is known by for this sign-in name: null for another method's name or account. */
  of(account: LinkedAccount, method: LoginMethodName): string | null
  /** The searched key in the form `of` gives it, where that differs (case-insensitive addresses). */
  normalize?(key: string, method: LoginMethodName): string
}
