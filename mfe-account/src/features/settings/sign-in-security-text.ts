import { SIGN_IN_SECURITY_MESSAGES } from '@dayframe/contracts';
import { formatDate } from '@dayframe/web-kit';

/** What Settings → Sign-in and security says (issue 28); the server's words where it has them. */
export const SECURITY_TEXT = {
  ...SIGN_IN_SECURITY_MESSAGES,
  loading: 'Loading your sign-in methods…',
  loadFailed: "Couldn't load your sign-in methods.",
  passkeysIntro:
    'Sign in with your fingerprint, face or screen lock instead of typing your password.',
  noPasskeys: 'No passkeys yet.',
  passkeyAdded: 'Passkey added.',
  passkeyRenamed: 'Passkey renamed.',
  passkeyAddFailed: "Couldn't add the passkey. Try again.",
  passkeyRenameFailed: "Couldn't rename the passkey. Try again.",
  passkeyRemoveFailed: "Couldn't remove the passkey. Try again.",
  passkeysUnsupported: "This browser can't make passkeys.",
  appIntro:
    'A 6-digit code from an app such as Google Authenticator, 1Password or Authy, asked for after your password.',
  scan: 'Scan this QR code with your authenticator app.',
  orKey: 'Or enter this key in the app:',
  enterCode: 'Then enter the 6-digit code the app shows.',
  totpOn: 'Authenticator app turned on.',
  totpSetupFailed: "Couldn't start setting up the app. Try again.",
  totpEnableFailed: "Couldn't turn the app on. Try again.",
  totpDisableFailed: "Couldn't turn the app off. Try again.",
  codesFailed: "Couldn't make new recovery codes. Try again.",
  codesTitle: 'Save your recovery codes',
  codesIntro:
    'If you lose your phone, each of these codes lets you log in once. Keep them somewhere safe: they are shown only now.',
  codesFile: 'dayframe-recovery-codes.txt',
  copied: 'Copied.',
  copyFailed: "Couldn't copy. Select the text and copy it instead.",
} as const;

export function addedOn(createdAt: string): string {
  return `Added ${formatDate(createdAt)}`;
}

export function lastUsed(lastUsedAt: string | null): string {
  return lastUsedAt ? `Last used ${formatDate(lastUsedAt)}` : 'Never used';
}

export function codesLeft(count: number): string {
  return `${count} recovery ${count === 1 ? 'code' : 'codes'} left`;
}

/** The secret as people copy it by hand: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The .txt file the recovery codes are downloaded as. */
export function recoveryCodesFile(codes: string[], email: string): string {
  return [
    `Dayframe recovery codes for ${email}`,
    'Each code lets you log in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** Copies `text`; false when the browser refused (no permission, not a secure page). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
