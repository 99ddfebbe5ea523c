import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn-ts's list of the most used passwords (from real breaches), lower-cased.
const common = new Set<string>(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);

/** Whether a password is among the most common ones and must be refused. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
