import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const mainTs = fileURLToPath(new URL('../main.ts', import.meta.url))
/** `--import tsx` is resolved from the working folder: the repository root, where tsx is installed. */
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))

/**
 * `spawn`, with the child killed when this test process ends however it ends: a test worker killed with SIGKILL
 * (a CI time limit, a second ^C) would otherwise leave its servers and proxies holding ports and database
 * connections. util-linux's setpriv sets the parent-death signal and then execs the command, so the pid is the
 * command's own.
 */
export function spawnTiedToTests(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn('setpriv', ['--pdeathsig', 'SIGKILL', '--', command, ...args], options)
}

/** Children still running, killed after the tests whatever happened (`killServerProcesses`). */
const running = new Set<ChildProcess>()

export type ServerProcess = {
  url: string
  /** The process started (the primary, when it runs several). */
  pid: number
  swept: Promise<void>
  /** What it printed so far, stdout and stderr. */
  output: () => string
  /** Settles when it has ended. */
  exited: Promise<number | null>
  kill: () => Promise<void>
  stop: () => Promise<void>
}

/**
 * Runs apps/server/src/main.ts in a child process (tsx, no build) with `env` and waits until it listens.
 * `swept` settles when its start-up sweep of stored files has reported; `kill` is SIGKILL, `stop` SIGTERM.
 */
export function startServerProcess(env: NodeJS.ProcessEnv, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const child = spawnTiedToTests(process.execPath, ['--import', 'tsx', mainTs], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
  running.add(child)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  void exited.then(() => running.delete(child))
  let output = ''
  let markSwept = () => {}
  const swept = new Promise<void>((resolve) => (markSwept = resolve))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.slice(-2000)}`)), options.timeoutMs ?? 60_000)
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('启动检查')) markSwept()
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (!listening) return
      clearTimeout(timer)
      resolve({
        url: listening[1]!,
        pid: child.pid!,
        swept,
        output: () => output,
        exited,
        kill: async () => {
          child.kill('SIGKILL')
          await exited
        },
        stop: async () => {
          child.kill('SIGTERM')
          await exited
        },
      })
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output.slice(-2000)}`)))
  })
}

export function killServerProcesses() {
  for (const child of running) child.kill('SIGKILL')
}
