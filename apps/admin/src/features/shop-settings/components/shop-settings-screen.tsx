import { PlaceholderScreen } from '../../shell/components/placeholder-screen.tsx'
import { ADMIN_AREAS } from '../../../config/admin-navigation.ts'

/** /admin/shop-settings — placeholder until the shop settings screen lands (issue 8). */
export function ShopSettingsScreen() {
  const area = ADMIN_AREAS.find((a) => a.screen === '/admin/shop-settings')
  return area ? <PlaceholderScreen area={area} /> : null
}
