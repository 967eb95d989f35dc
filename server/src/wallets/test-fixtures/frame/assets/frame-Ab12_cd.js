// Fixture frame script: the server serves it; no test runs it.
export const fixture = 'wallet-frame'
