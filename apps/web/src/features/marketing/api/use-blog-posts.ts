/**
 * A blog post: its words are translated (keyed by id, which is also the slug of its address, `/blog/<id>`; the
 * route table lists the same slugs for the build, which app/route-table.test.ts checks); these are its facts.
 */
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

/** One post by the slug of its address, or undefined for a slug the blog does not have. */
export function useBlogPost(slug: string | undefined): BlogPost | undefined {
  return POSTS.find((post) => post.id === slug);
}
