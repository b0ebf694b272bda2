/** The GDPR data extractor: find a person, export or anonymize what the shop holds (issue 20). */
export function DataPrivacyScreen() {
  return null
}
