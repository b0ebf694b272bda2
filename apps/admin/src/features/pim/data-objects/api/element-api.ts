import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  DependenciesSchema,
  LockResultSchema,
  NotePageSchema,
  PropertyListSchema,
  ScheduleListSchema,
  SearchPageSchema,
  TagNodeSchema,
  VersionListSchema,
  type NoteAdd,
  type SaveProperties,
  type SaveSchedule,
} from '@optika/domain/pim/element-api'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

const OBJECT = 'object'

function ref(elementId: number): string {
  return `elementType=${OBJECT}&elementId=${elementId}`
}

export const elementKeys = {
  all: (id: number) => ['admin', 'objects', 'element', id] as const,
  versions: (id: number) => ['admin', 'objects', 'element', id, 'versions'] as const,
  notes: (id: number) => ['admin', 'objects', 'element', id, 'notes'] as const,
  properties: (id: number) => ['admin', 'objects', 'element', id, 'properties'] as const,
  dependencies: (id: number, page: number) =>
    ['admin', 'objects', 'element', id, 'dependencies', page] as const,
  tags: (id: number) => ['admin', 'objects', 'element', id, 'tags'] as const,
  schedule: (id: number) => ['admin', 'objects', 'element', id, 'schedule'] as const,
  tagTree: (parentId: number) => ['admin', 'tags', 'tree', parentId] as const,
  search: (text: string, classes: string) => ['admin', 'objects', 'search', text, classes] as const,
}

/** PUT lock — takes the edit lock; a lock held by someone else is refused (409) unless taken over. */
export async function lockElement(elementId: number, force = false) {
  return LockResultSchema.parse(
    await sendJson('PUT', '/admin/element/lock', { elementType: OBJECT, elementId, force }),
  )
}

export async function unlockElement(elementId: number) {
  await sendJson('PUT', '/admin/element/unlock', { elementType: OBJECT, elementId })
}

export function useVersions(elementId: number, enabled = true) {
  return useQuery({
    queryKey: elementKeys.versions(elementId),
    enabled,
    staleTime: 0,
    queryFn: async () =>
      VersionListSchema.parse(await getJson(`/admin/element/versions?${ref(elementId)}`)).items,
  })
}

export function useNotes(elementId: number) {
  return useQuery({
    queryKey: elementKeys.notes(elementId),
    queryFn: async () =>
      NotePageSchema.parse(
        await sendJson('POST', '/admin/element/note-list', {
          elementType: OBJECT,
          elementId,
          page: 1,
          pageSize: 100,
        }),
      ),
  })
}

export async function addNote(input: Omit<NoteAdd, 'elementType'>) {
  await sendJson('POST', '/admin/element/note-add', { ...input, elementType: OBJECT })
}

export function useProperties(elementId: number) {
  return useQuery({
    queryKey: elementKeys.properties(elementId),
    queryFn: async () =>
      PropertyListSchema.parse(await getJson(`/admin/element/properties?${ref(elementId)}`)).items,
  })
}

export async function saveProperties(
  elementId: number,
  properties: SaveProperties['properties'],
): Promise<void> {
  await sendJson('PUT', '/admin/element/properties', {
    elementType: OBJECT,
    elementId,
    properties,
  })
}

export const DEPENDENCIES_PAGE_SIZE = 25

export function useDependencies(
  elementId: number,
  page: number,
  pageSize = DEPENDENCIES_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...elementKeys.dependencies(elementId, page), pageSize],
    placeholderData: (previous) => previous,
    queryFn: async () =>
      DependenciesSchema.parse(
        await getJson(
          `/admin/element/dependencies?${ref(elementId)}&page=${page}&pageSize=${pageSize}`,
        ),
      ),
  })
}

export function useElementTags(elementId: number) {
  return useQuery({
    queryKey: elementKeys.tags(elementId),
    queryFn: async () =>
      z
        .array(TagNodeSchema)
        .parse(await getJson(`/admin/tags/load-tags-for-element?${ref(elementId)}`)),
  })
}

export function useTagChildren(parentId: number) {
  return useQuery({
    queryKey: elementKeys.tagTree(parentId),
    queryFn: async () =>
      z
        .array(TagNodeSchema)
        .parse(await getJson(`/admin/tags/tree-get-children-by-id?node=${parentId}`)),
  })
}

export async function assignTag(elementId: number, tagId: number) {
  await sendJson('PUT', '/admin/tags/add-tag-to-element', {
    elementType: OBJECT,
    elementId,
    tagId,
  })
}

export async function removeTag(elementId: number, tagId: number) {
  await sendJson('DELETE', `/admin/tags/remove-tag-from-element?${ref(elementId)}&tagId=${tagId}`)
}

export function useSchedule(elementId: number) {
  return useQuery({
    queryKey: elementKeys.schedule(elementId),
    queryFn: async () =>
      ScheduleListSchema.parse(await getJson(`/admin/element/schedule?${ref(elementId)}`)).items,
  })
}

export async function saveSchedule(elementId: number, tasks: SaveSchedule['tasks']) {
  await sendJson('PUT', '/admin/element/schedule', { elementType: OBJECT, elementId, tasks })
}

/** Objects (not folders) whose key, path or data match, limited to the given classes. */
export function useObjectSearch(text: string, classIds: readonly string[]) {
  const trimmed = text.trim()
  const classes = classIds.join(',')
  return useQuery({
    queryKey: elementKeys.search(trimmed, classes),
    enabled: trimmed !== '',
    queryFn: async () => {
      const query = new URLSearchParams({ text: trimmed, types: 'object,variant', pageSize: '20' })
      if (classes !== '') query.set('classIds', classes)
      return SearchPageSchema.parse(await getJson(`/admin/search/find?${query.toString()}`)).items
    },
  })
}
