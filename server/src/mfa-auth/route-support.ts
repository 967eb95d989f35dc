import { z } from 'zod'
import type { UserDto } from '../../../src/protocol/index.js'
import type { ServerContext } from '../context.js'
import { invalidToken } from '../http/api-error.js'
import { loadUserDto } from '../users/user-dto.js'

export const code = z.string().regex(/^\d{6}$/, 'must be a 6-digit code')

export async function loadUser(ctx: ServerContext, appId: string, userId: string): Promise<UserDto> {
  const user = await loadUserDto(ctx, appId, userId)
  if (!user) throw invalidToken()
  return user
}
