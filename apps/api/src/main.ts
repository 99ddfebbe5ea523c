import { parseArgs } from 'node:util';
import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config/config.ts';
import { ImportError } from '@tubewise/emulator';
import { compose, type Role } from './compose.ts';
import { NEWCOMER_EMAIL, seedDemo } from './seed.ts';

const { values } = parseArgs({ options: { role: { type: 'string', default: 'all' } } });
const role = values.role as Role;
if (!['all', 'web', 'worker'].includes(role)) {
  console.error(`--role must be all, web or worker (got "${values.role}")`);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

let composition;
try {
  composition = await compose(config, { role, startupWork: true });
} catch (error) {
  // An EMULATOR_IMPORT file the emulator refuses: one line naming the file and its columns.
  if (error instanceof ImportError) {
    console.error(`EMULATOR_IMPORT: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const { logger } = composition;
const mailWarning = composition.services.mail.startupWarning();
if (mailWarning) logger.warn(mailWarning);
if (config.env.NODE_ENV === 'production' && config.platform.usesEmulator) {
  // Allowed (unset platform URLs mean the emulator), but never what a real installation wants.
  logger.warn(
    'NODE_ENV=production with the built-in YouTube emulator: channels connect to emulated accounts, not YouTube. Set GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_OAUTH_*_URL and YOUTUBE_API_ROOT_URL to reach Google.',
  );
}
if (config.env.NODE_ENV === 'production' && config.llm.usesEmulator) {
  logger.warn(
    'NODE_ENV=production with the built-in AI model emulator: AI suggestions come from a deterministic generator, not a language model. Set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL to use one.',
  );
}

closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'Shutting down after an error');
  else logger.info({ signal }, 'Shutting down');
  await composition.close();
});

if (composition.app) {
  await composition.app.listen({ port: config.env.PORT, host: config.env.HOST });
  if (config.embedded) {
    try {
      const seeded = await seedDemo(composition, config);
      if (seeded.created) {
        logger.info(`Demo account created with ${seeded.connectedChannels} connected channel(s)`);
      }
    } catch (error) {
      // A half-seeded demo must not keep the product from starting; the account still works.
      logger.error({ err: error }, 'Seeding the demo account failed');
    }
  }
  composition.markReady();
  const banner = [
    '',
    `  ${config.env.PRODUCT_NAME} is running at ${config.publicUrl}`,
    `  Database: ${config.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (config.embedded) {
    banner.push(
      '',
      '  Sign in with the demo account (a connected, synced channel):',
      `    e-mail:   ${config.env.DEMO_USER_EMAIL}`,
      `    password: ${config.env.DEMO_USER_PASSWORD}`,
      '  or with the newcomer account (no channel yet: try connecting one):',
      `    e-mail:   ${NEWCOMER_EMAIL}`,
      `    password: ${config.env.DEMO_USER_PASSWORD}`,
    );
  }
  if (config.mail.mailbox !== 'off') {
    const who =
      config.mail.mailbox === 'signed-in' ? 'signed in, from this machine' : 'this machine';
    banner.push('', `  E-mails go to ${config.publicUrl}/dev/mailbox (${who} only)`);
  }
  banner.push(`  API docs: ${config.publicUrl}/api/docs`, '');
  console.log(banner.join('\n'));
} else {
  logger.info('Worker started');
}
