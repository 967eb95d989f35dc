import { describe, expect, it } from 'vitest'
import { profileMappers } from './profiles.js'

// Sample payloads shaped like each provider's documented response.
describe('profile mappers', () => {
  it('google: ID-token claims, email verified', () => {
    const claims = {
      iss: 'https://accounts.google.com',
      sub: '110169484474386276334',
      email: 'ada@gmail.com',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/x',
      given_name: 'Ada',
    }
    expect(profileMappers.google(claims)).toEqual({
      subject: '110169484474386276334',
      details: { email: 'ada@gmail.com', name: 'Ada Lovelace' },
      verifiedEmail: 'ada@gmail.com',
      displayName: 'ada@gmail.com',
    })
    expect(profileMappers.google({ ...claims, email_verified: false }).verifiedEmail).toBeNull()
  })

  it('apple: email_verified may be the string "true"', () => {
    const claims = { sub: '001234.abcdef.1234', email: 'x1y2@privaterelay.appleid.com', email_verified: 'true', is_private_email: 'true' }
    expect(profileMappers.apple(claims)).toEqual({
      subject: '001234.abcdef.1234',
      details: { email: 'x1y2@privaterelay.appleid.com' },
      verifiedEmail: 'x1y2@privaterelay.appleid.com',
      displayName: 'x1y2@privaterelay.appleid.com',
    })
    expect(profileMappers.apple({ sub: 's', email_verified: 'false', email: 'a@b.co' }).verifiedEmail).toBeNull()
  })

  it('line: name, email and picture, no verified email', () => {
    const claims = {
      iss: 'https://access.line.me',
      sub: 'U1234567890abcdef1234567890abcdef',
      name: 'Taro',
      picture: 'https://profile.line-scdn.net/abc',
      email: 'taro@example.jp',
    }
    expect(profileMappers.line(claims)).toEqual({
      subject: 'U1234567890abcdef1234567890abcdef',
      details: { name: 'Taro', email: 'taro@example.jp', profile_picture_url: 'https://profile.line-scdn.net/abc' },
      verifiedEmail: null,
      displayName: 'taro@example.jp',
    })
  })

  it('linkedin: OpenID claims, vanity name when the endpoint adds it', () => {
    const claims = {
      sub: '782bbtaQ',
      name: 'John Doe',
      given_name: 'John',
      family_name: 'Doe',
      picture: 'https://media.licdn.com/x',
      email: 'doe@email.com',
      email_verified: true,
      locale: 'en-US',
    }
    expect(profileMappers.linkedin(claims)).toEqual({
      subject: '782bbtaQ',
      details: { name: 'John Doe', email: 'doe@email.com', vanity_name: null },
      verifiedEmail: 'doe@email.com',
      displayName: 'doe@email.com',
    })
    expect(profileMappers.linkedin({ ...claims, vanityName: 'johndoe' }).details.vanity_name).toBe('johndoe')
  })

  it('twitter: users/me data object', () => {
    const body = { data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers', profile_image_url: 'https://pbs.twimg.com/profile_images/x_normal.jpg' } }
    expect(profileMappers.twitter(body)).toEqual({
      subject: '2244994945',
      details: { username: 'XDevelopers', name: 'X Dev', profile_picture_url: 'https://pbs.twimg.com/profile_images/x_normal.jpg' },
      verifiedEmail: null,
      displayName: 'XDevelopers',
    })
  })

  it('discord: users/@me, verified flag covers the email', () => {
    const body = {
      id: '80351110224678912',
      username: 'nelly',
      discriminator: '0',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
      verified: true,
      email: 'nelly@discord.com',
    }
    expect(profileMappers.discord(body)).toEqual({
      subject: '80351110224678912',
      details: { username: 'nelly', email: 'nelly@discord.com' },
      verifiedEmail: 'nelly@discord.com',
      displayName: 'nelly@discord.com',
    })
    expect(profileMappers.discord({ ...body, verified: false }).verifiedEmail).toBeNull()
  })

  it('github: numeric id, primary verified email from /user/emails', () => {
    const user = { login: 'octocat', id: 1, node_id: 'MDQ6VXNlcjE=', name: 'The Octocat', email: null }
    const emails = [
      { email: 'old@github.com', primary: false, verified: true },
      { email: 'octocat@github.com', primary: true, verified: true, visibility: 'public' },
    ]
    expect(profileMappers.github({ user, emails })).toEqual({
      subject: '1',
      details: { username: 'octocat', name: 'The Octocat', email: 'octocat@github.com' },
      verifiedEmail: 'octocat@github.com',
      displayName: 'octocat@github.com',
    })
    const unverified = profileMappers.github({
      user: { ...user, email: 'public@example.com' },
      emails: [{ email: 'public@example.com', primary: true, verified: false }],
    })
    expect(unverified.verifiedEmail).toBeNull()
    expect(unverified.details.email).toBe('public@example.com')
  })

  it('spotify: /v1/me, email never counts as verified', () => {
    const body = { id: 'wizzler', display_name: 'JM Wizzler', email: 'email@example.com', country: 'SE', images: [] }
    expect(profileMappers.spotify(body)).toEqual({
      subject: 'wizzler',
      details: { email: 'email@example.com', name: 'JM Wizzler' },
      verifiedEmail: null,
      displayName: 'email@example.com',
    })
  })

  it('instagram: graph /me', () => {
    expect(profileMappers.instagram({ id: '17841405793187218', username: 'jayposiris' })).toEqual({
      subject: '17841405793187218',
      details: { username: 'jayposiris' },
      verifiedEmail: null,
      displayName: 'jayposiris',
    })
  })

  it('tiktok: user/info data.user', () => {
    const body = {
      data: { user: { open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4', union_id: 'c9c60f44', display_name: 'Tik Toker', username: 'tiktoker' } },
      error: { code: 'ok', message: '' },
    }
    expect(profileMappers.tiktok(body)).toEqual({
      subject: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
      details: { username: 'tiktoker', name: 'Tik Toker' },
      verifiedEmail: null,
      displayName: 'tiktoker',
    })
  })

  it('refuses a payload without a subject', () => {
    expect(() => profileMappers.google({ email: 'a@b.co' })).toThrow()
    expect(() => profileMappers.github({ user: { login: 'x' }, emails: [] })).toThrow()
    expect(() => profileMappers.twitter({ errors: [{ message: 'Unauthorized' }] })).toThrow()
  })
})
