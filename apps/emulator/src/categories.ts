// Video categories as videoCategories.list returns them (same ids, titles and assignability as the
// recorded *_category_id.json responses; Google's "YouTube" channel owns them all).

/** The channel id Google lists as the owner of every category. */
export const CATEGORY_OWNER_CHANNEL_ID = 'UCBR8-60-B28hp2BmDPdntcQ';

/** [id, English title, assignable]. */
export const VIDEO_CATEGORIES: readonly (readonly [string, string, boolean])[] = [
  ['1', 'Film & Animation', true],
  ['2', 'Autos & Vehicles', true],
  ['10', 'Music', true],
  ['15', 'Pets & Animals', true],
  ['17', 'Sports', true],
  ['18', 'Short Movies', false],
  ['19', 'Travel & Events', true],
  ['20', 'Gaming', true],
  ['21', 'Videoblogging', false],
  ['22', 'People & Blogs', true],
  ['23', 'Comedy', true],
  ['24', 'Entertainment', true],
  ['25', 'News & Politics', true],
  ['26', 'Howto & Style', true],
  ['27', 'Education', true],
  ['28', 'Science & Technology', true],
  ['29', 'Nonprofits & Activism', true],
  ['30', 'Movies', false],
  ['31', 'Anime/Animation', false],
  ['32', 'Action/Adventure', false],
  ['33', 'Classics', false],
  ['34', 'Comedy', false],
  ['35', 'Documentary', false],
  ['36', 'Drama', false],
  ['37', 'Family', false],
  ['38', 'Foreign', false],
  ['39', 'Horror', false],
  ['40', 'Sci-Fi/Fantasy', false],
  ['41', 'Thriller', false],
  ['42', 'Shorts', false],
  ['43', 'Shows', false],
  ['44', 'Trailers', false],
];

const ASSIGNABLE = new Set(VIDEO_CATEGORIES.filter(([, , a]) => a).map(([id]) => id));

/** Whether videos.update accepts this snippet.categoryId. */
export function isAssignableCategory(id: string): boolean {
  return ASSIGNABLE.has(id);
}
