import { NativeSelect, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
import type { EditableMap } from '@optika/domain/cms/editables'
import { TargetGroupListSchema, targetGroupEditableName } from '@optika/domain/operations/targeting'
import { getJson } from '../../../../lib/api-client.ts'
import { useCurrentUser } from '../../../identity/auth/api/auth-api.ts'
import { hasAnyPermission } from '../../../identity/auth/components/access-denied.tsx'
import { EditableFields } from '../../../cms/document-editor/components/editable-fields.tsx'
import { targetingKeys } from '../api/targeting-api.ts'

type Props = ComponentProps<typeof EditableFields>

/**
 * What the fields show for one target group: each top-level editable's variant where it has one,
 * else its default content (the starting point of a new variant).
 */
export function variantView(
  values: EditableMap,
  names: readonly string[],
  groupId: number,
): EditableMap {
  const view: Record<string, EditableMap[string]> = { ...values }
  for (const name of names) {
    const variant = values[targetGroupEditableName(groupId, name)]
    if (variant !== undefined) view[name] = variant
  }
  return view
}

/** Writes what changed in the group's view into the group's variants; defaults stay as they were. */
export function writeVariantView(
  values: EditableMap,
  before: EditableMap,
  after: EditableMap,
  names: readonly string[],
  groupId: number,
): EditableMap {
  const next: Record<string, EditableMap[string]> = { ...values }
  for (const name of names) {
    const value = after[name]
    if (value !== undefined && value !== before[name]) {
      next[targetGroupEditableName(groupId, name)] = value
    }
  }
  return next
}

/**
 * The document editor's editables with a target-group switcher (personalization, decision 067):
 * "default content" edits the editables everyone sees; a target group edits that group's variants
 * (Pimcore's target-group editables). Without the `targeting` key it is the plain form.
 */
export function TargetGroupEditableFields(props: Props) {
  const { t } = useTranslation()
  const { data: user } = useCurrentUser()
  const allowed = hasAnyPermission(user, ['targeting'])
  const groups = useQuery({
    queryKey: targetingKeys.groups,
    queryFn: async () =>
      TargetGroupListSchema.parse(
        await getJson('/admin/bundle/personalization/targeting/target-group/list'),
      ).targetGroups,
    enabled: allowed,
  })
  const [groupId, setGroupId] = useState<number | null>(null)
  const names = useMemo(() => props.definitions.map((d) => d.name), [props.definitions])
  const view = useMemo(
    () => (groupId === null ? props.values : variantView(props.values, names, groupId)),
    [groupId, props.values, names],
  )
  if (!allowed || !groups.data || groups.data.length === 0) return <EditableFields {...props} />
  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('targeting.screen.variant.label')}
        value={groupId === null ? '' : String(groupId)}
        onChange={(event) => {
          const value = event.currentTarget.value
          setGroupId(value ? Number(value) : null)
        }}
        data={[
          { value: '', label: t('targeting.screen.variant.default') },
          ...groups.data.map((g) => ({ value: String(g.id), label: g.name })),
        ]}
      />
      <EditableFields
        {...props}
        values={view}
        onChange={(after) =>
          props.onChange(
            groupId === null ? after : writeVariantView(props.values, view, after, names, groupId),
          )
        }
      />
    </Stack>
  )
}
