/** The load of one server row, in its own thread so that it does not share the server's event loop. */
import { parentPort, workerData } from 'node:worker_threads'
import { runClosedLoop, type LoopPlan } from './closed-loop.js'
import { serverScenario, type ScenarioInput, type ServerScenarioName } from './server-scenarios.js'

export interface LoadWorkerData {
  baseUrls: string[]
  scenario: ServerScenarioName
  input: ScenarioInput
  plan: LoopPlan
}
export type LoadWorkerMessage = { type: 'window'; event: 'start' | 'end'; run: number } | { type: 'done'; runs: Awaited<ReturnType<typeof runClosedLoop>> }

const { baseUrls, scenario, input, plan } = workerData as LoadWorkerData
const post = (message: LoadWorkerMessage) => parentPort!.postMessage(message)
const runs = await runClosedLoop(baseUrls, serverScenario(scenario, input), plan, (event, run) => post({ type: 'window', event, run }))
post({ type: 'done', runs })
