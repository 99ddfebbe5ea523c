// `npm run emulator:import -- FILE... [--account=EMAIL] [--data-dir=DIR]`: imports trending CSV
// files into the emulator's world under the data directory the embedded server uses
// (DATA_DIR/emulator, default ./data/emulator; EMULATOR_DATA_DIR for a standalone emulator).
// The server serves them from its next start (or the next reset of its emulator).
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ImportError } from './import-error.ts';
import { isAccountEmail } from './import-accounts.ts';
import { ImportedWorld } from './imported-world.ts';
import { importFiles, type ImportSummary } from './importer.ts';

const USAGE =
  'Usage: npm run emulator:import -- FILE... [--account=EMAIL] [--data-dir=DIR]\n' +
  '  FILE        a trending CSV (Kaggle rsrishav 2020+ format, or the 2017 datasnaek format)\n' +
  '  --account   give every imported channel to this Google account of the emulator\n' +
  '              (default: one account per channel, <channel>@imported.tubewise.test)\n' +
  '  --data-dir  the emulator data directory (default $EMULATOR_DATA_DIR, else $DATA_DIR/emulator, else ./data/emulator)';

/** The outcome of a run: what to print and the exit code. */
export interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

/** The default emulator data directory, as the embedded server computes it. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  return env.EMULATOR_DATA_DIR ?? join(env.DATA_DIR ?? './data', 'emulator');
}

function describe(summary: ImportSummary, world: ImportedWorld, file: string): string[] {
  const out: string[] = [];
  for (const f of summary.files) {
    const skipped = [
      f.malformed
        ? `${f.malformed} malformed record(s) skipped (${f.malformedSamples.join('; ')})`
        : '',
      f.removed ? `${f.removed} removed video(s) skipped` : '',
    ].filter(Boolean);
    out.push(
      `${f.file}: ${f.format}, ${f.records} record(s), ${f.videos} video(s) of ${f.channels} channel(s)` +
        (skipped.length ? `; ${skipped.join('; ')}` : ''),
    );
  }
  out.push(
    `Imported: ${summary.videosAdded} new and ${summary.videosUpdated} updated video(s), ${summary.channelsAdded} new channel(s), ${summary.accountsAdded} new account(s).`,
    `The emulator's imported world (${world.videos.size} videos, ${world.channels.size} channels) is in ${file}; the server serves it from its next start.`,
  );
  const owners = new Map<string, string[]>();
  for (const c of world.channels.values())
    if (c.ownerAccountId)
      owners.set(c.ownerAccountId, [...(owners.get(c.ownerAccountId) ?? []), c.title]);
  const shown = world.accounts.slice(0, 10);
  if (shown.length) {
    out.push('Connect a channel by choosing its account on the emulator consent page, e.g.:');
    for (const a of shown) {
      const titles = owners.get(a.id) ?? [];
      out.push(
        `  ${a.email}  ${titles.slice(0, 3).join(', ')}${titles.length > 3 ? `, … (${titles.length})` : ''}`,
      );
    }
    if (world.accounts.length > shown.length)
      out.push(`  … and ${world.accounts.length - shown.length} more accounts`);
  }
  return out;
}

/** Runs the command with arguments (after `--`) and an environment; never throws. */
export function runImportCli(args: string[], env: NodeJS.ProcessEnv, cwd: string): CliResult {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        account: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    return { code: 2, out: [], err: [(error as Error).message, USAGE] };
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, out: [USAGE], err: [] };
  if (positionals.length === 0) return { code: 2, out: [], err: ['No file to import.', USAGE] };
  if (values.account !== undefined && !isAccountEmail(values.account))
    return {
      code: 2,
      out: [],
      err: [`--account must be an e-mail address (got "${values.account}")`],
    };
  // npm runs scripts from the project root; file names are meant relative to where it was typed.
  const base = env.INIT_CWD ?? cwd;
  const files = positionals.map((f) => (isAbsolute(f) ? f : resolve(base, f)));
  const dataDir = resolve(cwd, values['data-dir'] ?? defaultDataDir(env));
  try {
    const world = ImportedWorld.load(dataDir);
    const summary = importFiles(world, files, values.account ? { account: values.account } : {});
    const file = world.save(dataDir);
    return { code: 0, out: describe(summary, world, file), err: [] };
  } catch (error) {
    const message =
      error instanceof ImportError ? error.message : `Import failed: ${(error as Error).message}`;
    return { code: 1, out: [], err: [message.replace(/\s*\n\s*/g, ' ')] };
  }
}

if (import.meta.main) {
  const result = runImportCli(process.argv.slice(2), process.env, process.cwd());
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  process.exitCode = result.code;
}
