import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import classes from './skip-link.module.css'

/** The first stop of the Tab key: jumps past the header and navigation to the screen itself. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation()
  function skipToTarget(event: MouseEvent<HTMLAnchorElement>) {
    // Focus the target instead of following the hash, which the router would see as a navigation.
    event.preventDefault()
    document.getElementById(targetId)?.focus()
  }
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skipToTarget}>
      {t('admin.skipLink')}
    </a>
  )
}
