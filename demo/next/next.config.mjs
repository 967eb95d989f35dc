// The Next.js demo, served by `npm start` under /next on the demo port (the demo server forwards /next/ to it).
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/** @type {import('next').NextConfig} */
export default {
  basePath: '/next',
  // '/next/' like the other demos' URLs.
  trailingSlash: true,
  // The demo imports the package by its public names (`tessera/react`) from inside this repository, which resolve
  // to the built dist/ entries through the root package.json's `exports`; an app that installed tessera needs none of this.
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  // The repository's `tsc` checks this demo with the rest of demo/.
  typescript: { ignoreBuildErrors: true },
}
