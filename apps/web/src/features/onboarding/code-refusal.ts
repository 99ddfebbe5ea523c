/** What the visitor is told when a code gave no token (spec: 'Invalid validation code'). */
import type { ResponseOf } from '@tubewise/contract';

type CodeAnswer = ResponseOf<'validateEmailCode'>;

/** The sentence after 'Invalid validation code': tries left, or why a new code is needed. */
export function codeRefusalDetail(answer: CodeAnswer): string {
  if (answer.reason === 'expired') return 'This code has expired. Send a new code below.';
  if (answer.reason === 'attempts-exhausted' || answer.attemptsLeft === 0) {
    return 'This code was entered wrongly too many times. Send a new code below.';
  }
  if (answer.attemptsLeft !== null) {
    return answer.attemptsLeft === 1 ? '1 attempt left.' : `${answer.attemptsLeft} attempts left.`;
  }
  return 'Check the code in the e-mail and try again.';
}
