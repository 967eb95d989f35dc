import type { Clock } from '../clock.js'

/** A clock that follows real time plus an offset the test can move forward. */
export class TestClock implements Clock {
  private offsetMs = 0
  now(): number {
    return Date.now() + this.offsetMs
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000
  }
}
