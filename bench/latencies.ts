import type autocannon from 'autocannon'

/** Every response's latency (ms) of an autocannon run, filled in as the responses arrive. */
export function latenciesOf(instance: ReturnType<typeof autocannon>): number[] {
  const latencies: number[] = []
  const onResponse = (_client: unknown, _status: number, _bytes: number, time: number) => {
    latencies.push(time)
  }
  // The typings' EventEmitter base does not resolve in this workspace: name the one event used.
  ;(instance as unknown as { on(event: 'response', listener: typeof onResponse): void }).on(
    'response',
    onResponse,
  )
  return latencies
}
