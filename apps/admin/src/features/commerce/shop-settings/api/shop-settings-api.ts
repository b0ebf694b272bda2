import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import {
  CategoryOptionSchema,
  CountrySettingListSchema,
  CountrySettingSchema,
  PaymentMethodListSchema,
  PaymentMethodSchema,
  ShippingMethodListSchema,
  ShippingMethodSchema,
  StockItemSchema,
  StockListSchema,
  VoucherCodeListSchema,
  VoucherCodeSchema,
  VoucherSeriesListSchema,
  VoucherSeriesSchema,
  type CountrySettingInput,
  type GenerateCodesInput,
  type PaymentMethodInput,
  type ShippingMethodInput,
  type VoucherSeriesInput,
} from '@optika/domain/commerce/admin-shop-api'
import type { Country } from '@optika/domain/commerce/countries'
import { getJson, sendJson } from '../../../../lib/api-client.ts'

export const shopKeys = {
  all: ['admin', 'shop'] as const,
  countries: ['admin', 'shop', 'countries'] as const,
  shipping: ['admin', 'shop', 'shipping'] as const,
  payment: ['admin', 'shop', 'payment'] as const,
  series: ['admin', 'shop', 'series'] as const,
  categories: ['admin', 'shop', 'categories'] as const,
  codes: (id: number, q: string, page: number) => ['admin', 'shop', 'series', id, q, page] as const,
  stock: (q: string, page: number) => ['admin', 'shop', 'stock', q, page] as const,
}

export function useCountrySettings() {
  return useQuery({
    queryKey: shopKeys.countries,
    queryFn: async () =>
      CountrySettingListSchema.parse(await getJson('/admin/shop/countries')).items,
  })
}

export async function saveCountrySetting(country: Country, input: CountrySettingInput) {
  return CountrySettingSchema.parse(
    await sendJson('PUT', `/admin/shop/countries/${country}`, input),
  )
}

export function useShippingMethods() {
  return useQuery({
    queryKey: shopKeys.shipping,
    queryFn: async () =>
      ShippingMethodListSchema.parse(await getJson('/admin/shop/shipping-methods')).items,
  })
}

export async function saveShippingMethod(id: number | null, input: ShippingMethodInput) {
  const url = id === null ? '/admin/shop/shipping-methods' : `/admin/shop/shipping-methods/${id}`
  return ShippingMethodSchema.parse(await sendJson(id === null ? 'POST' : 'PUT', url, input))
}

export async function deleteShippingMethod(id: number) {
  await sendJson('DELETE', `/admin/shop/shipping-methods/${id}`)
}

export function usePaymentMethods() {
  return useQuery({
    queryKey: shopKeys.payment,
    queryFn: async () =>
      PaymentMethodListSchema.parse(await getJson('/admin/shop/payment-methods')).items,
  })
}

export async function savePaymentMethod(id: number | null, input: PaymentMethodInput) {
  const url = id === null ? '/admin/shop/payment-methods' : `/admin/shop/payment-methods/${id}`
  return PaymentMethodSchema.parse(await sendJson(id === null ? 'POST' : 'PUT', url, input))
}

export async function deletePaymentMethod(id: number) {
  await sendJson('DELETE', `/admin/shop/payment-methods/${id}`)
}

export function useVoucherSeries() {
  return useQuery({
    queryKey: shopKeys.series,
    queryFn: async () =>
      VoucherSeriesListSchema.parse(await getJson('/admin/shop/voucher-series')).items,
  })
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: shopKeys.categories,
    queryFn: async () =>
      z
        .object({ items: z.array(CategoryOptionSchema) })
        .parse(await getJson('/admin/shop/voucher-categories')).items,
    staleTime: 60_000,
  })
}

export async function saveVoucherSeries(id: number | null, input: VoucherSeriesInput) {
  const url = id === null ? '/admin/shop/voucher-series' : `/admin/shop/voucher-series/${id}`
  return VoucherSeriesSchema.parse(await sendJson(id === null ? 'POST' : 'PUT', url, input))
}

export async function deleteVoucherSeries(id: number) {
  await sendJson('DELETE', `/admin/shop/voucher-series/${id}`)
}

export const CODES_PAGE_SIZE = 50

export function useVoucherCodes(seriesId: number, q: string, page: number) {
  return useQuery({
    queryKey: shopKeys.codes(seriesId, q, page),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page), limit: String(CODES_PAGE_SIZE) })
      if (q) query.set('q', q)
      return VoucherCodeListSchema.parse(
        await getJson(`/admin/shop/voucher-series/${seriesId}/codes?${query.toString()}`),
      )
    },
    placeholderData: keepPreviousData,
  })
}

export async function addVoucherCode(seriesId: number, code: string) {
  return VoucherCodeSchema.parse(
    await sendJson('POST', `/admin/shop/voucher-series/${seriesId}/codes`, { code }),
  )
}

export async function generateVoucherCodes(seriesId: number, input: GenerateCodesInput) {
  return z
    .object({ created: z.number() })
    .parse(await sendJson('POST', `/admin/shop/voucher-series/${seriesId}/generate`, input))
}

export const codesExportUrl = (seriesId: number) =>
  `/admin/shop/voucher-series/${seriesId}/codes.csv`

export const STOCK_PAGE_SIZE = 25

export function useStock(q: string, page: number) {
  return useQuery({
    queryKey: shopKeys.stock(q, page),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page), limit: String(STOCK_PAGE_SIZE) })
      if (q) query.set('q', q)
      return StockListSchema.parse(await getJson(`/admin/shop/stock?${query.toString()}`))
    },
    placeholderData: keepPreviousData,
  })
}

export async function saveStock(objectId: number, quantity: number) {
  return StockItemSchema.parse(await sendJson('PUT', `/admin/shop/stock/${objectId}`, { quantity }))
}
