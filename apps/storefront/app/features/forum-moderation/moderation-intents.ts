/** What a forum moderation form asks for (the `intent` field of every form posting to the queue page). */
export const MODERATION_INTENTS = [
  'report',
  'hide',
  'restore',
  'lock',
  'unlock',
  'move',
  'dismiss',
] as const
export type ModerationIntent = (typeof MODERATION_INTENTS)[number]

/** A moderation form's answer when it worked (scripts on): the translated message to announce. */
export interface ModerationSuccess {
  readonly ok: true
  /** `intent:id`, so only the form that sent it shows the message. */
  readonly intent: string
  readonly message: string
}
