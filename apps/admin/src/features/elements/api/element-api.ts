import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  DependenciesSchema,
  type ElementType,
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
import { getJson, sendJson } from '../../../lib/api-client.ts'

/**
 * The element services (/admin/element/*, /admin/tags/*) as the object and asset editors call
 * them. Every call names its element by `{ elementType, elementId }`.
 */
export interface ElementRef {
  readonly elementType: ElementType
  readonly elementId: number
}

function ref({ elementType, elementId }: ElementRef): string {
  return `elementType=${elementType}&elementId=${elementId}`
}

/** Each type's element queries sit under its screen's key (objects, assets), so refreshing a screen refreshes them. */
const SCREEN_KEY: Record<ElementType, string> = {
  object: 'objects',
  asset: 'assets',
  document: 'documents',
}

export const elementKeys = {
  all: (element: ElementRef) =>
    ['admin', SCREEN_KEY[element.elementType], 'element', element.elementId] as const,
  versions: (element: ElementRef) => [...elementKeys.all(element), 'versions'] as const,
  notes: (element: ElementRef) => [...elementKeys.all(element), 'notes'] as const,
  properties: (element: ElementRef) => [...elementKeys.all(element), 'properties'] as const,
  dependencies: (element: ElementRef, page: number) =>
    [...elementKeys.all(element), 'dependencies', page] as const,
  tags: (element: ElementRef) => [...elementKeys.all(element), 'tags'] as const,
  schedule: (element: ElementRef) => [...elementKeys.all(element), 'schedule'] as const,
  tagTree: (parentId: number) => ['admin', 'tags', 'tree', parentId] as const,
  search: (text: string, classes: string) => ['admin', 'objects', 'search', text, classes] as const,
}

/** PUT lock — takes the edit lock; a lock held by someone else is refused (409) unless taken over. */
export async function lockElement(element: ElementRef, force = false) {
  return LockResultSchema.parse(await sendJson('PUT', '/admin/element/lock', { ...element, force }))
}

export async function unlockElement(element: ElementRef) {
  await sendJson('PUT', '/admin/element/unlock', element)
}

export function useVersions(element: ElementRef, enabled = true) {
  return useQuery({
    queryKey: elementKeys.versions(element),
    enabled,
    staleTime: 0,
    queryFn: async () =>
      VersionListSchema.parse(await getJson(`/admin/element/versions?${ref(element)}`)).items,
  })
}

export function useNotes(element: ElementRef) {
  return useQuery({
    queryKey: elementKeys.notes(element),
    queryFn: async () =>
      NotePageSchema.parse(
        await sendJson('POST', '/admin/element/note-list', {
          ...element,
          page: 1,
          pageSize: 100,
        }),
      ),
  })
}

export async function addNote(input: NoteAdd) {
  await sendJson('POST', '/admin/element/note-add', input)
}

export function useProperties(element: ElementRef) {
  return useQuery({
    queryKey: elementKeys.properties(element),
    queryFn: async () =>
      PropertyListSchema.parse(await getJson(`/admin/element/properties?${ref(element)}`)).items,
  })
}

export async function saveProperties(
  element: ElementRef,
  properties: SaveProperties['properties'],
): Promise<void> {
  await sendJson('PUT', '/admin/element/properties', { ...element, properties })
}

export const DEPENDENCIES_PAGE_SIZE = 25

export function useDependencies(
  element: ElementRef,
  page: number,
  pageSize = DEPENDENCIES_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...elementKeys.dependencies(element, page), pageSize],
    placeholderData: (previous) => previous,
    queryFn: async () =>
      DependenciesSchema.parse(
        await getJson(
          `/admin/element/dependencies?${ref(element)}&page=${page}&pageSize=${pageSize}`,
        ),
      ),
  })
}

export function useElementTags(element: ElementRef) {
  return useQuery({
    queryKey: elementKeys.tags(element),
    queryFn: async () =>
      z
        .array(TagNodeSchema)
        .parse(await getJson(`/admin/tags/load-tags-for-element?${ref(element)}`)),
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

export async function assignTag(element: ElementRef, tagId: number) {
  await sendJson('PUT', '/admin/tags/add-tag-to-element', { ...element, tagId })
}

export async function removeTag(element: ElementRef, tagId: number) {
  await sendJson('DELETE', `/admin/tags/remove-tag-from-element?${ref(element)}&tagId=${tagId}`)
}

export function useSchedule(element: ElementRef) {
  return useQuery({
    queryKey: elementKeys.schedule(element),
    queryFn: async () =>
      ScheduleListSchema.parse(await getJson(`/admin/element/schedule?${ref(element)}`)).items,
  })
}

export async function saveSchedule(element: ElementRef, tasks: SaveSchedule['tasks']) {
  await sendJson('PUT', '/admin/element/schedule', { ...element, tasks })
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
