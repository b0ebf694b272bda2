import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../platform/db/client.ts'
import { forumBoards, forumPosts, forumThreads } from '../platform/db/schema/community.ts'
import { customers } from '../platform/db/schema/users.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'

type Who = 'customer' | 'partner'

interface DemoThread {
  readonly board: string
  readonly title: string
  readonly by: Who
  readonly notifyAuthor: boolean
  readonly posts: readonly {
    readonly by: Who
    readonly body: string
    readonly quotesFirst?: boolean
  }[]
}

/** A few conversations in Czech and English, so the forum is not empty in a demo shop. */
const DEMO_THREADS: readonly DemoThread[] = [
  {
    board: 'frames-and-fit',
    title: 'Jaké obruby na kulatý obličej?',
    by: 'customer',
    notifyAuthor: true,
    posts: [
      {
        by: 'customer',
        body: 'Dobrý den, mám spíš **kulatý obličej** a vybírám nové obruby. Co byste doporučili?',
      },
      {
        by: 'partner',
        quotesFirst: true,
        body: 'Ke kulatému obličeji se hodí hranaté nebo obdélníkové tvary, které ho opticky protáhnou:\n\n- širší než nejširší část obličeje\n- výraznější horní linie\n- spíš tmavší barvy',
      },
      { by: 'customer', body: 'Díky, zkusím obdélníkové. Na prodejně si je ještě vyzkouším.' },
    ],
  },
  {
    board: 'lenses-and-optics',
    title: 'Blue-light filter: worth it for office work?',
    by: 'customer',
    notifyAuthor: false,
    posts: [
      {
        by: 'customer',
        body: 'I spend about eight hours a day at a screen. Is a _blue-light filter_ worth the extra cost, or is an anti-reflective coating enough?',
      },
      {
        by: 'partner',
        body: 'For most people a good anti-reflective coating matters more. A blue-light filter can help with glare in the evening; remember the 20-20-20 rule too: every 20 minutes, look 20 feet away for 20 seconds.',
      },
    ],
  },
  {
    board: 'spare-parts',
    title: 'Uvolněný šroubek u stranice',
    by: 'partner',
    notifyAuthor: false,
    posts: [
      {
        by: 'partner',
        body: 'Tip pro všechny: uvolněný šroubek u stranice nedotahujte silou. Kapka zajišťovacího laku `na závit` vydrží déle než samotné dotažení.',
      },
    ],
  },
]

/**
 * Inserts the demo threads once: only when the forum has no thread yet and both demo
 * accounts exist. Posts are dated an hour apart in the past, so the rate limits stay free.
 */
export async function seedDemoForum(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [any] = await tx.select({ id: forumThreads.id }).from(forumThreads).limit(1)
    if (any) return 0
    const people = await tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(inArray(customers.email, [DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.partner.email]))
    const idOf = (who: Who) => people.find((p) => p.email === DEMO_ACCOUNTS[who].email)?.id ?? null
    const boards = await tx.select({ id: forumBoards.id, key: forumBoards.key }).from(forumBoards)
    let inserted = 0
    let hoursAgo = 24 * DEMO_THREADS.length * 2
    for (const thread of DEMO_THREADS) {
      const boardId = boards.find((b) => b.key === thread.board)?.id
      const authorId = idOf(thread.by)
      if (boardId === undefined || authorId === null) continue
      const [row] = await tx
        .insert(forumThreads)
        .values({
          boardId,
          authorId,
          title: thread.title,
          notifyAuthor: thread.notifyAuthor,
          createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
        })
        .returning({ id: forumThreads.id })
      let firstPostId: number | null = null
      for (const post of thread.posts) {
        const postAuthor = idOf(post.by)
        if (postAuthor === null) continue
        const [written]: { id: number; createdAt: Date }[] = await tx
          .insert(forumPosts)
          .values({
            threadId: row!.id,
            authorId: postAuthor,
            body: post.body,
            quotePostId: post.quotesFirst ? firstPostId : null,
            createdAt: sql`now() - make_interval(hours => ${hoursAgo})`,
          })
          .returning({ id: forumPosts.id, createdAt: forumPosts.createdAt })
        firstPostId ??= written!.id
        await tx
          .update(forumThreads)
          .set({ postCount: sql`${forumThreads.postCount} + 1`, lastPostAt: written!.createdAt })
          .where(eq(forumThreads.id, row!.id))
        hoursAgo -= 3
      }
      inserted += 1
      hoursAgo -= 12
    }
    return inserted
  })
}
