import { PlaceholderScreen } from '../../shell/components/placeholder-screen.tsx'
import { ADMIN_AREAS } from '../../../config/admin-navigation.ts'

/** /admin/shop-orders — placeholder until the orders screen lands (issue 8). */
export function OrdersScreen() {
  const area = ADMIN_AREAS.find((a) => a.screen === '/admin/shop-orders')
  return area ? <PlaceholderScreen area={area} /> : null
}
