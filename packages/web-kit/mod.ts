/**
 * The web kit: what the shell and every remote share. It is a Module Federation singleton, so
 * there is one session, one toast list and one API client per page.
 *
 * - `api`, `ApiError`: calls to `/api` with the bearer token, failures as `ApiError`.
 * - `session`, `useSession`: token and user; login, signup, logout, session check (spec §4);
 *   a 401 for the stored token on any call signs out once and says so (`SESSION_TEXT.ended`).
 * - `toast`, `Toaster`: notifications (spec §9 durations, at most 20 shown).
 * - `formatDate`, `localToday`: dates as the product shows and sends them.
 * - `setTheme`, `THEMES`: the theme saved in this browser.
 * - `sendCode`, `verifyCode` and their error messages, resend cooldown helpers: the mailed codes.
 * - `useLoad`: the one way a screen loads data, with abort and retry.
 * - `useSubmit`: the one way a form sends: busy flag, success and failure toasts, logging;
 *   `useSendCode` is a Send code button's on it.
 * - `Routes`, `Link`, `useNavigate`, …: the router (react-router's declarative parts, see
 *   router.ts); the apps import it from here, so the page has one, tree-shaken.
 * - the components every screen is built from (one of each, see ARCHITECTURE.md "Front-end kit"):
 *   `Dialog`, `ConfirmDialog`, fields, `SubmitButton`, `PageHeader`, `EmptyState`, `ErrorState`,
 *   `Panel`, `Spinner`, `NotFound`, and `Icon` with every icon the screens draw.
 *
 * @example
 * import { api, toast, useSession } from '@dayframe/web-kit';
 * const journals = await api.get<Journal[]>('/journals');
 * toast.success('Successfully created goal');
 */
export { ApiError, isApiError, quotaMessage } from './api-error.ts';
export {
  api,
  createApiClient,
  nextPagePath,
  whenSessionEnds,
  type ApiClient,
  type ApiPage,
  type ApiClientOptions,
  type RequestOptions,
} from './api-client.ts';
export { TOKEN_KEY } from './token-storage.ts';
export {
  session,
  createSessionStore,
  useSession,
  destinationFor,
  SESSION_TEXT,
  type SessionStore,
  type SessionState,
  type SessionStatus,
  type SessionDestination,
} from './session.ts';
export {
  toast,
  dismissToast,
  useToasts,
  getToasts,
  TOAST_DURATIONS,
  MAX_TOASTS,
  type Toast,
  type ToastKind,
} from './toast.ts';
export { Toaster } from './toaster.tsx';
export { formatDate, NO_DATE } from './format-date.ts';
export { localToday } from './local-today.ts';
export {
  THEMES,
  THEME_KEY,
  isTheme,
  getStoredTheme,
  currentTheme,
  applyTheme,
  setTheme,
  type Theme,
} from './theme.ts';
export {
  RESEND_COOLDOWN_SECONDS,
  startResendCooldown,
  resendSecondsLeft,
  markCodeSent,
  wasCodeSent,
  clearCodeState,
  useResendCooldown,
} from './resend-cooldown.ts';
export { Spinner, PageSpinner } from './spinner.tsx';
export { Dialog, type DialogProps } from './dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';
export { NotFound } from './not-found.tsx';
export { useDocumentTitle, PRODUCT_NAME } from './use-document-title.ts';
export * from './router.ts';
export { useLoad, type Load, type Loaded, type LoadOptions } from './use-load.ts';
export { useSubmit, type Submit, type SubmitOptions } from './use-submit.ts';
export { useSendCode } from './use-send-code.ts';
export * from './icons.tsx';
export { TextField, TextAreaField, SelectField, NameField, EmailField } from './fields.tsx';
export { SubmitButton } from './submit-button.tsx';
export { PageHeader, BackLink } from './page-header.tsx';
export { Panel, EmptyState, ErrorState } from './panels.tsx';
export { digitsOnly, newPasswordProblem } from './new-password-rules.ts';
export { CodeField, SendCodeButton, NewPasswordFields, useNewPassword } from './code-fields.tsx';
export {
  CODE_TEXT,
  sendCode,
  verifyCode,
  sendCodeErrorMessage,
  verifyErrorMessage,
} from './code-calls.ts';
