/** Fixed texts of the public shared insights page. */

/** A 410 link-expired: the report expired or its owner stopped sharing it. */
export const LINK_EXPIRED_TEXT = 'This shared link has expired or was turned off by its owner.';
/** A 404: no report has this id. */
export const INSIGHTS_NOT_FOUND_TEXT =
  'We could not find these insights. Check that the link is complete.';
/** Any other failure to load the report. */
export const INSIGHTS_LOAD_FAILED_TEXT = 'We could not load these insights. Please try again.';
/** The report could not be made. */
export const INSIGHTS_FAILED_TEXT = 'These insights could not be prepared.';
/** The call to action to the onboarding. */
export const GET_INSIGHTS_CTA = 'Get your own insights';
