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

/** Every account the emulated Google knows: the demo accounts, then the imported ones. */
export class AccountDirectory {
  private readonly imported: () => readonly DemoAccount[];

  /** `imported` lists the accounts imported data created (read on every call). */
  constructor(imported: () => readonly DemoAccount[] = () => []) {
    this.imported = imported;
  }

  /** The demo accounts followed by the imported accounts. */
  all(): DemoAccount[] {
    return [...DEMO_ACCOUNTS, ...this.imported()];
  }

  /** The accounts imported data created. */
  importedAccounts(): readonly DemoAccount[] {
    return this.imported();
  }

  /** The account with this id or e-mail (case-insensitive). */
  find(idOrEmail: string): DemoAccount | undefined {
    const email = idOrEmail.toLowerCase();
    return this.all().find((a) => a.id === idOrEmail || a.email.toLowerCase() === email);
  }
}
