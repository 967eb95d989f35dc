import { solveChallenge } from 'altcha-lib/v1'
import type { CaptchaChallengeDto } from '../../../src/protocol/index.js'

/** Fetches an ALTCHA challenge for `appId` from the server at `baseUrl` and returns the solved token a send carries. */
export async function solvedAltcha(baseUrl: string, appId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/captcha/challenge`, { headers: { 'privy-app-id': appId } })
  const challenge = (await response.json()) as CaptchaChallengeDto
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
}
