import {
  BookIcon,
  LockIcon,
  MailIcon,
  PencilIcon,
  PhotoIcon,
  ShieldIcon,
  SparkleIcon,
  TrashIcon,
  useDocumentTitle,
  PageHeader,
} from '@dayframe/web-kit';
import { AppearanceForm } from '../components/appearance-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { DangerZone } from '../components/danger-zone.tsx';
import { YourData } from '../components/your-data.tsx';
import { PhotosAndFiles } from '../components/photos-and-files.tsx';
import { SettingsSection } from '../components/settings-section.tsx';
import { RemindersSettings } from '../components/reminders-settings.tsx';
import { SignInSecuritySettings } from '../components/sign-in-security.tsx';

/** Spec §2 `/settings`: appearance, password, sign-in and security (issue 28), profile, reminders (issue 27), your data (issue 16), the space photos and
 * files take (issue 26) and account deletion. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  return (
    <div>
      <PageHeader title="Settings" subtitle="Manage how Dayframe looks and your account details." />
      <div className="mt-8 space-y-8">
        <SettingsSection
          title="Appearance"
          description="Pick the theme Dayframe uses in this browser."
          icon={SparkleIcon}
        >
          <AppearanceForm />
        </SettingsSection>
        <SettingsSection
          title="Password"
          description="Forgot your password or want a new one? Confirm it's you with a code sent to your e-mail."
          icon={LockIcon}
        >
          <PasswordForm />
        </SettingsSection>
        <SettingsSection
          id="sign-in-and-security"
          title="Sign-in and security"
          description="Passkeys and an authenticator app keep your account safe even if someone learns your password."
          icon={ShieldIcon}
        >
          <SignInSecuritySettings />
        </SettingsSection>
        <SettingsSection
          title="Update Profile"
          description="The name Dayframe greets you with and the address your codes go to."
          icon={PencilIcon}
        >
          <ProfileForm />
        </SettingsSection>
        <SettingsSection
          title="Reminders"
          description="Nudges to write, goals coming due and a weekly look back, by e-mail or as notifications, at your local time."
          icon={MailIcon}
        >
          <RemindersSettings />
        </SettingsSection>
        <SettingsSection
          title="Your data"
          description="Take everything you wrote with you, or bring it in from another Dayframe or Day One."
          icon={BookIcon}
        >
          <YourData />
        </SettingsSection>
        <SettingsSection
          title="Photos and files"
          description="The space your photos, voice notes and scans take."
          icon={PhotoIcon}
        >
          <PhotosAndFiles />
        </SettingsSection>
        <SettingsSection
          title="Danger Zone"
          description="Permanently delete your account and everything in it."
          icon={TrashIcon}
          danger
        >
          <DangerZone />
        </SettingsSection>
      </div>
    </div>
  );
}
