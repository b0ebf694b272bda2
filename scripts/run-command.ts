import { spawn } from 'node:child_process'

/** Runs a command with inherited output; resolves to its exit code (never rejects). */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<number> {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: options.env ?? process.env,
      cwd: options.cwd,
    })
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`)
      resolvePromise(127)
    })
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)))
  })
}
