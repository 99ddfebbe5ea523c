// Feature flags of a person: `users.flags` is a comma-separated list of flag names.

/** Whether a comma-separated flags string holds `flag`. */
export function hasFlag(flags: string, flag: string): boolean {
  return flags
    .split(',')
    .map((f) => f.trim())
    .includes(flag);
}
