// A process that takes the data-directory lock when told "go" on stdin, says "locked" or the refusal's name, and
// holds the lock until its stdin closes: lets a test race real processes for one directory.
import { createInterface } from 'node:readline'
import { lockDataDir } from '../lock.js'

const dataDir = process.argv[2]!
const lines = createInterface({ input: process.stdin })
process.stdout.write('ready\n')
lines.once('line', () => {
  try {
    const release = lockDataDir(dataDir)
    process.stdout.write('locked\n')
    lines.once('close', () => {
      release()
      process.exit(0)
    })
  } catch (error) {
    process.stdout.write(`refused ${(error as Error).name}: ${(error as Error).message}\n`)
    process.exit(1)
  }
})
