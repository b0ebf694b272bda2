import { Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Shown in the main area while a screen's code loads. */
export function ScreenLoader() {
  const { t } = useTranslation()
  return (
    <Center mih={240} role="status" aria-label={t('admin.loading')}>
      <Loader />
    </Center>
  )
}
