import { isIPv4, isIPv6 } from 'node:net'

/**
 * The network a client address stands for when sign-in failures are counted: an IPv4 address
 * itself, an IPv6 address its /64 (`2001:db8:1:2::/64`). One subscriber usually gets a whole /64
 * and can pick any address in it, so counting single IPv6 addresses would give one attacker
 * endless fresh budgets (decision 021). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientNetworkOf(ip: string): string {
  if (isIPv4(ip) || !isIPv6(ip)) return ip
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  const [head = '', tail] = ip.toLowerCase().split('::')
  const headGroups = head === '' ? [] : head.split(':')
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':')
  // A dotted IPv4 ending (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) fills the last two groups.
  const groupCount = (groups: string[]) =>
    groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0)
  const zeros = 8 - groupCount(headGroups) - groupCount(tailGroups)
  const groups = [...headGroups, ...Array<string>(Math.max(zeros, 0)).fill('0'), ...tailGroups]
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16))
  return `${prefix.join(':')}::/64`
}
