// A server component: its markup is in the HTML before any script runs; the account part hydrates.
import { Account } from './account'

export default function Home() {
  return (
    <main>
      <h1>Tessera</h1>
      <p className="lede">A Next.js app (app router) using TesseraProvider and the Tessera hooks.</p>
      <Account />
    </main>
  )
}
