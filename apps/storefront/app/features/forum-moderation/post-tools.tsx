import type { ForumPostView } from '@optika/domain/community/forum-api'
import { PostModerationMenu } from './post-moderation-menu.tsx'
import { ReportPost } from './report-post.tsx'

/** What the thread page shows under a post: "Report" for readers, the moderator's menu. */
export function PostTools({
  post,
  viewerId,
  isModerator,
}: {
  post: ForumPostView
  viewerId: number | null
  isModerator: boolean
}) {
  return (
    <div className="flex flex-wrap items-start gap-3">
      <ReportPost post={post} viewerId={viewerId} />
      <PostModerationMenu post={post} isModerator={isModerator} />
    </div>
  )
}
