import { useId, type ReactNode } from 'react';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useUser } from '../../lib/user.ts';
import { ChangeEmailForm } from '../../features/account/components/change-email-form.tsx';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { EmailNotificationsSwitch } from '../../features/account/components/email-notifications-switch.tsx';
import { AiPermissionSwitch } from '../../features/account/components/ai-permission-switch.tsx';
import { aiAllowed } from '../../features/account/api/update-ai-permission.ts';
import { ProfileNameForm } from '../../features/account/components/profile-name-form.tsx';
import { ExportDataSection } from '../../features/account/components/export-data-section.tsx';
import { DeleteAccountSection } from '../../features/account/components/delete-account-section.tsx';
import { BillingSection } from '../../features/billing/components/billing-section.tsx';
import { BILLING_SECTION_ID } from '../../features/billing/billing-texts.ts';

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  // A named region: its heading labels it, so "Plan and billing" is found by its name.
  const headingId = useId();
  return (
    <Paper
      component="section"
      id={id}
      aria-labelledby={headingId}
      variant="outlined"
      // Scrolled to by `#id` links: clear of the fixed header.
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, scrollMarginTop: 88 }}
    >
      <Typography id={headingId} variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {children}
    </Paper>
  );
}

/**
 * Account settings: plan and billing, profile, e-mail, password, e-mail notifications, AI
 * permission, data export and account deletion.
 */
export default function SettingsAccountPage() {
  const user = useUser().data;
  if (!user) return <PageLoader />;
  return (
    <>
      <PageHeading title="Account settings">Signed in as {user.email}</PageHeading>
      <Section title="Plan and billing" id={BILLING_SECTION_ID}>
        <BillingSection />
      </Section>
      <Section title="Profile">
        <ProfileNameForm name={user.name} />
      </Section>
      <Section title="E-mail address">
        <ChangeEmailForm currentEmail={user.email} />
      </Section>
      <Section title="Password">
        <ChangePasswordForm />
      </Section>
      <Section title="Notifications">
        <EmailNotificationsSwitch enabled={user.notificationSettings.email} />
      </Section>
      <Section title="AI suggestions">
        <AiPermissionSwitch allowed={aiAllowed(user)} />
      </Section>
      <Section title="Export your data">
        <ExportDataSection />
      </Section>
      <Section title="Delete account">
        <DeleteAccountSection />
      </Section>
    </>
  );
}
