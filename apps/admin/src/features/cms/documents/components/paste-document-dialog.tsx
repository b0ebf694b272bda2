import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

export interface PasteChoice {
  type: 'child' | 'recursive'
  rewrite: boolean
}

interface PasteDocumentDialogProps {
  sourceName: string
  targetName: string
  /** The copied document has children (else only "this document" makes sense). */
  hasChildren: boolean
  onClose: () => void
  onSubmit: (choice: PasteChoice) => void
}

/**
 * Pastes a copied document, as Pimcore's paste menu offers: the document alone or with its whole
 * subtree, and whether links, snippets and hardlinks inside the copy that point into the copied
 * subtree should point to the copies instead ("rewrite links").
 */
export function PasteDocumentDialog(props: PasteDocumentDialogProps) {
  const { t } = useTranslation()
  const [type, setType] = useState<PasteChoice['type']>(props.hasChildren ? 'recursive' : 'child')
  const [rewrite, setRewrite] = useState(true)
  function submit(event: FormEvent) {
    event.preventDefault()
    props.onSubmit({ type, rewrite: type === 'recursive' && rewrite })
  }
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('cmsAdminTree.paste.title', { name: props.sourceName })}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            {t('cmsAdminTree.paste.intro', { name: props.sourceName, target: props.targetName })}
          </Text>
          <Radio.Group
            label={t('cmsAdminTree.paste.what')}
            value={type}
            onChange={(value) => setType(value === 'child' ? 'child' : 'recursive')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="child" label={t('cmsAdminTree.paste.child')} />
              <Radio
                value="recursive"
                label={t('cmsAdminTree.paste.recursive')}
                disabled={!props.hasChildren}
              />
            </Stack>
          </Radio.Group>
          <Checkbox
            label={t('cmsAdminTree.paste.rewrite')}
            description={t('cmsAdminTree.paste.rewriteHint')}
            checked={rewrite && type === 'recursive'}
            disabled={type !== 'recursive'}
            onChange={(event) => setRewrite(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('admin.common.cancel')}
            </Button>
            <Button type="submit" data-autofocus>
              {t('cmsAdminTree.action.paste')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
