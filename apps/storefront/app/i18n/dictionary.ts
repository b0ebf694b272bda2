/** One language's texts as the server sends them: text key → text. */
export type Dictionary = Readonly<Record<string, string>>
