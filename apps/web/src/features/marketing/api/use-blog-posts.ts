/** A blog post: its words are translated (keyed by id); these are the facts about it. */
export interface BlogPost {
  id: 'choose-plan' | 'ssl-explained' | 'backups';
  /** ISO date of publication. */
  date: string;
  category: 'guides' | 'security';
  readingMinutes: number;
}

const POSTS: readonly BlogPost[] = [
  { id: 'choose-plan', date: '2025-05-12', category: 'guides', readingMinutes: 5 },
  { id: 'ssl-explained', date: '2025-04-28', category: 'security', readingMinutes: 4 },
  { id: 'backups', date: '2025-04-07', category: 'guides', readingMinutes: 6 },
];

/** The blog's three posts, newest first. */
export function useBlogPosts() {
  return POSTS;
}
