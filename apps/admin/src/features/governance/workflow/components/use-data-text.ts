import { useTranslation } from 'react-i18next'

/**
 * A workflow's own text (a label, a description) as the screen shows it: a translation key (the
 * demo's, or one added under Translations) in the screen's language, any other text as written —
 * as the server shows them in the editors' panel and the graph.
 */
export function useDataText(): (text: string) => string {
  const { i18n } = useTranslation()
  return (text) => (text !== '' && i18n.exists(text) ? i18n.t(text, text) : text)
}
