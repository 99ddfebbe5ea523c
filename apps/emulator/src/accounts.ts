// The Google accounts the consent page offers.

/** A Google account of the emulator. */
export interface DemoAccount {
  /** The stable Google account id (the `sub` of an id_token). */
  id: string;
  email: string;
  name: string;
}

/** Demo account A: owns the 8 demo channels (as brand accounts). */
export const DEMO_ACCOUNT_CREATOR: DemoAccount = {
  id: '108200000000000000001',
  email: 'alex.creator@tubewise.test',
  name: 'Alex Rivera',
};

/** Demo account B: a Google account without any YouTube channel. */
export const DEMO_ACCOUNT_NO_CHANNEL: DemoAccount = {
  id: '108200000000000000002',
  email: 'sam.nochannel@tubewise.test',
  name: 'Sam Lee',
};

/** Both demo accounts, in the order the account chooser lists them. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  DEMO_ACCOUNT_CREATOR,
  DEMO_ACCOUNT_NO_CHANNEL,
];
