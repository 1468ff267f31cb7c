import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Starts the built server (apps/server/dist) on a fresh data folder, for benchmarks. */
export async function startBuiltServer(port: number): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seal-bench-'))
  const child: ChildProcess = spawn('node', ['apps/server/dist/main.js'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`${url}/api/seal-apply/region/list`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Logs in the demo person through the sandbox SMS outbox and returns the bearer token. */
export async function loginDemoPerson(url: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.json() as Promise<{ resultStatus: string; data: any }>,
    )
  await post('/auth/sms/send', { phone: '13800000001' })
  const outbox = (await fetch(`${url}/api/dev/sms-outbox`).then((r) => r.json())) as { data: { text: string }[] }
  const code = /验证码为(\d{6})/.exec(outbox.data[0]!.text)![1]
  const login = await post('/auth/login/personal', { phone: '13800000001', code })
  return login.data.token
}
