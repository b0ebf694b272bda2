import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  TargetGroupAnswerSchema,
  TargetGroupListSchema,
  TargetingRuleAnswerSchema,
  TargetingRuleListSchema,
  type TargetGroupInput,
  type TargetingRuleInput,
} from '@optika/domain/operations/targeting'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const BASE = '/admin/bundle/personalization/targeting'

export const targetingKeys = {
  all: ['admin', 'targeting'] as const,
  rules: ['admin', 'targeting', 'rules'] as const,
  groups: ['admin', 'targeting', 'groups'] as const,
}

/** The rules by priority (first = evaluated first). */
export function useTargetingRules() {
  return useQuery({
    queryKey: targetingKeys.rules,
    queryFn: async () => TargetingRuleListSchema.parse(await getJson(`${BASE}/rule/list`)).rules,
  })
}

export function useTargetGroups() {
  return useQuery({
    queryKey: targetingKeys.groups,
    queryFn: async () =>
      TargetGroupListSchema.parse(await getJson(`${BASE}/target-group/list`)).targetGroups,
  })
}

/** Rule changes; every one reads the list again. */
export function useRuleActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: targetingKeys.all })
  return {
    add: useMutation({
      mutationFn: async (input: Partial<TargetingRuleInput> & { name: string }) =>
        TargetingRuleAnswerSchema.parse(await sendJson('POST', `${BASE}/rule/add`, input)).rule,
      onSuccess: refresh,
    }),
    save: useMutation({
      mutationFn: async ({ id, input }: { id: number; input: TargetingRuleInput }) =>
        TargetingRuleAnswerSchema.parse(
          await sendJson('PUT', `${BASE}/rule/save`, { id, ...input }),
        ).rule,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => sendJson('DELETE', `${BASE}/rule/delete`, { id }),
      onSuccess: refresh,
    }),
    order: useMutation({
      mutationFn: async (ids: readonly number[]) =>
        TargetingRuleListSchema.parse(await sendJson('POST', `${BASE}/rule/order`, { ids })).rules,
      onSuccess: refresh,
    }),
  }
}

export function useGroupActions() {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: targetingKeys.all })
  return {
    save: useMutation({
      mutationFn: async ({ id, input }: { id: number | null; input: TargetGroupInput }) =>
        TargetGroupAnswerSchema.parse(
          id === null
            ? await sendJson('POST', `${BASE}/target-group/add`, input)
            : await sendJson('PUT', `${BASE}/target-group/save`, { id, ...input }),
        ).targetGroup,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => sendJson('DELETE', `${BASE}/target-group/delete`, { id }),
      onSuccess: refresh,
    }),
  }
}
