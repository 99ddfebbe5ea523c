import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { closeNotice, type NoticeOptions } from '../lib/notify.ts';
import { PLANS_HREF } from '../config/paths.ts';
import { isPlanError, planErrorText } from '../lib/plan-errors.ts';

/** The way out of a plan's limit: "See plans", to the account settings' plans. */
export function SeePlansLink() {
  return (
    <Link
      component={RouterLink}
      to={PLANS_HREF}
      color="inherit"
      underline="always"
      sx={{ fontWeight: 600 }}
    >
      See plans
    </Link>
  );
}

/** " See plans" after a message, when `error` is a refusal a plan decides; nothing otherwise. */
export function PlanErrorLink({ error }: { error: unknown }) {
  return isPlanError(error) ? (
    <>
      {' '}
      <SeePlansLink />
    </>
  ) : null;
}

/** A plan refusal in words followed by "See plans"; `fallback` for every other error. */
export function PlanErrorMessage({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <>
      {planErrorText(error) ?? fallback}
      <PlanErrorLink error={error} />
    </>
  );
}

/** A toast's "See plans" button: to the plans, closing the toast `noticeKey`. */
function SeePlansToastButton({ noticeKey }: { noticeKey: string }) {
  return (
    <Button
      component={RouterLink}
      to={PLANS_HREF}
      color="inherit"
      size="small"
      variant="outlined"
      onClick={() => closeNotice(noticeKey)}
    >
      See plans
    </Button>
  );
}

/**
 * The options of a failure's toast: `key`, and for a plan refusal the "See plans" action
 * (which closes the toast by that key).
 */
export function failureNoticeOptions(error: unknown, key: string): NoticeOptions {
  return {
    variant: 'error',
    key,
    preventDuplicate: true,
    action: isPlanError(error) ? () => <SeePlansToastButton noticeKey={key} /> : undefined,
  };
}
