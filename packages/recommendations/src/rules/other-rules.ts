/** Tips about settings outside the text: language, captions and playlists. */
import { countOf } from '../format.ts';
import { notApplicable, type RuleTable } from './rule.ts';

/** Rules of the "other" group. */
export const OTHER_RULES: RuleTable<'default-language' | 'captions' | 'in-playlist'> = {
  'default-language': {
    label: "Set the video's language",
    evaluate: ({ input }) => {
      const language = input.defaultLanguage?.trim() || null;
      return language !== null
        ? {
            applicable: true,
            passed: true,
            explanation: `The video's language is set (${language}), so YouTube knows which viewers to show it to.`,
            meta: { defaultLanguage: language },
          }
        : {
            applicable: true,
            passed: false,
            explanation:
              "The video's language is not set; set it so YouTube shows the video to people who speak it and can offer translated titles.",
            meta: { defaultLanguage: null },
          };
    },
  },

  captions: {
    label: 'Add captions',
    evaluate: ({ input: { hasCaptions } }) => {
      if (hasCaptions === null) {
        return notApplicable(
          'Whether the video has captions is not known, so this is not checked.',
          {
            hasCaptions,
          },
        );
      }
      return hasCaptions
        ? {
            applicable: true,
            passed: true,
            explanation:
              'The video has captions, which serve viewers watching without sound and help YouTube understand what is said.',
            meta: { hasCaptions },
          }
        : {
            applicable: true,
            passed: false,
            explanation:
              'The video has no captions; add them (or review the automatic ones) so viewers watching without sound can follow and YouTube understands what is said.',
            meta: { hasCaptions },
          };
    },
  },

  'in-playlist': {
    label: 'Add the video to a playlist',
    evaluate: ({ input: { playlistCount } }) => {
      if (playlistCount === null) {
        return notApplicable('The playlists of this video are not known, so this is not checked.', {
          playlistCount,
        });
      }
      return playlistCount >= 1
        ? {
            applicable: true,
            passed: true,
            explanation: `The video is in ${countOf(playlistCount, 'playlist')}, which keeps viewers watching your next video.`,
            meta: { playlistCount },
          }
        : {
            applicable: true,
            passed: false,
            explanation:
              'The video is in no playlist; add it to one so viewers go on to your next video and watch longer.',
            meta: { playlistCount },
          };
    },
  },
};
