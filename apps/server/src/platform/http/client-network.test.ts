import { describe, expect, it } from 'vitest'
import { clientNetworkOf } from './client-network.ts'

describe('the network a client address is counted by', () => {
  it('keeps an IPv4 address as it is, also when IPv4-mapped', () => {
    expect(clientNetworkOf('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('counts every IPv6 address of one /64 as one network', () => {
    expect(clientNetworkOf('2001:db8:7:1:abcd::99')).toBe('2001:db8:7:1::/64')
    expect(clientNetworkOf('2001:0DB8:0007:0001:0:0:0:1')).toBe('2001:db8:7:1::/64')
    expect(clientNetworkOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64')
    expect(clientNetworkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
  })

  it('leaves anything that is not an address alone', () => {
    expect(clientNetworkOf('unknown')).toBe('unknown')
  })
})
