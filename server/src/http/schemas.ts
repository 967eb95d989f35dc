import { z } from 'zod'

/** A bounded string without NUL characters (PostgreSQL text cannot hold them). */
export const safeString = (max = 1024) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
