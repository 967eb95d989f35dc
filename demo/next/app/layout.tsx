// A server component: it reads the app id and API URL on each request and hands them to the client boundary.
import { connection } from 'next/server'
import type { ReactNode } from 'react'
import { Providers } from './providers'
import '../../shared/demo.css'

export const metadata = { title: 'Tessera · Next.js demo' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Rendered per request: the demo's API URL is known only when `npm start` runs, not at `next build`.
  await connection()
  const appId = process.env.TESSERA_APP_ID ?? ''
  const apiUrl = process.env.TESSERA_API_URL
  return (
    <html lang="en">
      <body>
        <Providers appId={appId} apiUrl={apiUrl}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
