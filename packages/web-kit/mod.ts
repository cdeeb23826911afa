/**
 * The web kit: what the shell and every remote share. It is a Module Federation singleton, so
 * there is one session, one toast list and one API client per page.
 *
 * - `api`, `ApiError`: calls to `/api` with the bearer token, failures as `ApiError`;
 *   `uploadFile` sends a file the same way, with upload progress.
 * - `session`, `useSession`, `destinationFor`: token and user; login, signup, logout, session
 *   check (spec §4); a 401 for the stored token on any call signs out once and says so.
 * - `toast`, `Toaster`: notifications (spec §9 durations, at most 20 shown).
 * - `formatDate`, `localToday`: dates as the product shows and sends them.
 * - `setTheme`, `THEMES`: the theme saved in this browser.
 * - `sendCode`, `verifyCode` and their error messages, resend cooldown helpers: the mailed codes.
 * - `useLoad`: the one way a screen loads data, with abort and retry.
 * - `getMediaItems`, `useMediaItems`, `MediaThumbnail`: stored files by id (fresh signed links)
 *   and the small picture of an image, for the lists that show an entry's first photo.
 * - `ConfirmItsYou`, `withConfirmation`: step-up. A call answered 403 `reauth_required` (deleting
 *   the account, exporting, an admin deleting users) opens the one "Confirm it's you" dialog
 *   and runs again once confirmed; `api` does it by itself, a raw `fetch` goes through
 *   `withConfirmation`. The confirmation lives in memory only, never beside the token.
 * - `useSubmit`: the one way a form sends: busy flag, success and failure toasts, logging;
 *   `useSendCode` is a Send code button's on it.
 * - `Routes`, `Link`, `useNavigate`, …: the router (react-router's declarative parts, see
 *   router.ts); the apps import it from here, so the page has one, tree-shaken.
 * - the components every screen is built from (one of each, see ARCHITECTURE.md "Front-end kit"):
 *   `Dialog`, `ConfirmDialog`, fields, `SubmitButton`, `PageHeader`, `EmptyState`, `ErrorState`,
 *   `Panel`, `Spinner`, `NotFound`, and every icon the screens draw (`CloseIcon`, …).
 *
 * It exports only what an app uses: each export is a contract with remotes already deployed,
 * and removing one raises the major version (package.json) that every remote requires.
 *
 * @example
 * import { api, toast, useSession } from '@dayframe/web-kit';
 * const journals = await api.get<Journal[]>('/journals');
 * toast.success('Successfully created goal');
 */
export { ApiError, isApiError, quotaMessage } from './api-error.ts';
export { api, createApiClient, type ApiPage } from './api-client.ts';
export { uploadFile, type UploadOptions } from './upload.ts';
export { session, useSession, destinationFor, type LoginResult } from './session.ts';
export { toast } from './toast.ts';
export { Toaster } from './toaster.tsx';
export { formatDate, NO_DATE } from './format-date.ts';
export { localToday } from './local-today.ts';
export { THEMES, isTheme, currentTheme, setTheme, type Theme } from './theme.ts';
export {
  startResendCooldown,
  resendSecondsLeft,
  markCodeSent,
  wasCodeSent,
  clearCodeState,
} from './resend-cooldown.ts';
export { Spinner, PageSpinner } from './spinner.tsx';
export { Dialog } from './dialog.tsx';
export { ConfirmDialog } from './confirm-dialog.tsx';
export { ConfirmItsYou } from './confirm-its-you.tsx';
export { withConfirmation } from './confirmation.ts';
export { NotFound } from './not-found.tsx';
export { useDocumentTitle } from './use-document-title.ts';
export * from './router.ts';
export { useLoad } from './use-load.ts';
export { useSubmit, type SubmitOptions } from './use-submit.ts';
export { useSendCode } from './use-send-code.ts';
export * from './icons.tsx';
export { TextField, TextAreaField, SelectField, NameField, EmailField } from './fields.tsx';
export { SubmitButton } from './submit-button.tsx';
export { PageHeader, BackLink } from './page-header.tsx';
export { Panel, EmptyState, ErrorState } from './panels.tsx';
export { digitsOnly, newPasswordProblem } from './new-password-rules.ts';
export { CodeField, SendCodeButton, NewPasswordFields, useNewPassword } from './code-fields.tsx';
export { sendCode, verifyCode, verifyErrorMessage } from './code-calls.ts';
export { getMediaItems, useMediaItems, isImage, MediaThumbnail } from './media-items.tsx';
