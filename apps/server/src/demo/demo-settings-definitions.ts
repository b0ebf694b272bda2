import type { Db } from '../platform/db/client.ts'
import {
  predefinedMetadata,
  predefinedProperties,
} from '../platform/db/schema/thumbnail-settings.ts'

/**
 * A few asset metadata definitions (the fields the demo pictures carry, plus a licence) and
 * predefined properties, so the settings tabs and the editors' pickers show something.
 */
export async function insertDemoSettingsDefinitions(db: Db): Promise<void> {
  await db.insert(predefinedMetadata).values([
    {
      name: 'subject',
      description: 'What the picture shows, per language',
      type: 'input',
      targetSubtype: 'image',
      groupName: 'catalogue',
    },
    {
      name: 'credit',
      description: 'Who made the picture',
      type: 'input',
      data: 'Optika studio',
      groupName: 'rights',
    },
    {
      name: 'approved',
      description: 'Checked by marketing',
      type: 'checkbox',
      data: 'false',
      groupName: 'rights',
    },
    {
      name: 'licence',
      description: 'Where the file comes from',
      type: 'select',
      config: 'own, stock, supplier',
      data: 'own',
      groupName: 'rights',
    },
  ])
  await db.insert(predefinedProperties).values([
    {
      name: 'Campaign',
      description: 'The marketing campaign a page or product belongs to',
      key: 'campaign',
      type: 'select',
      config: 'spring, summer, back-to-school, black-friday',
      ctype: ['document', 'object'],
      inheritable: true,
      groupName: 'marketing',
    },
    {
      name: 'Responsible team',
      key: 'owner_team',
      type: 'text',
      data: 'e-shop',
      ctype: ['document', 'asset', 'object'],
      inheritable: true,
    },
  ])
}
