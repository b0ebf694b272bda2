import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { debounce } from './debounce.ts'

describe('debounce', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls once, with the last arguments, after the input rests for the delay', () => {
    const calls: string[] = []
    const typed = debounce((text: string) => calls.push(text), 500)
    for (const text of ['a', 'av', 'avi', 'avia', 'aviator']) {
      typed.schedule(text)
      vi.advanceTimersByTime(200)
    }
    expect(calls).toEqual([])
    vi.advanceTimersByTime(299)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual(['aviator'])
    vi.advanceTimersByTime(5000)
    expect(calls).toEqual(['aviator'])
  })

  it('flushes a waiting call at once and only once', () => {
    const calls: string[] = []
    const typed = debounce((text: string) => calls.push(text), 500)
    typed.schedule('ray')
    expect(typed.pending).toBe(true)
    typed.flush()
    expect(calls).toEqual(['ray'])
    expect(typed.pending).toBe(false)
    vi.advanceTimersByTime(1000)
    typed.flush()
    expect(calls).toEqual(['ray'])
  })

  it('drops a cancelled call', () => {
    const calls: string[] = []
    const typed = debounce((text: string) => calls.push(text), 500)
    typed.schedule('ray')
    typed.cancel()
    vi.advanceTimersByTime(1000)
    expect(calls).toEqual([])
    expect(typed.pending).toBe(false)
  })
})
