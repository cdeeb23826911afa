import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { SignInSecurity, TotpSetupResponse } from '@dayframe/contracts';
import {
  CodeField,
  ConfirmDialog,
  CopyIcon,
  RefreshIcon,
  Spinner,
  SubmitButton,
  TextAreaField,
  digitsOnly,
  formatDate,
  toast,
  useSubmit,
} from '@dayframe/web-kit';
import {
  disableTotp,
  enableTotp,
  newRecoveryCodes,
  startTotpSetup,
} from '../api/sign-in-security-calls.ts';
import { serverMessage } from '../messages.ts';
import { SECURITY_TEXT, codesLeft, copyText, groupedSecret } from '../sign-in-security-text.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The QR encoder comes with the setup step only. */
const TotpQr = lazy(() => import('./totp-qr.tsx'));

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span className={`badge badge-sm ${on ? 'badge-success' : 'badge-ghost'}`}>
      {on ? 'On' : 'Off'}
    </span>
  );
}

/**
 * The authenticator app of Settings → Sign-in and security: off → Set up (QR code and key,
 * then a code turns it on and shows the recovery codes once); on → how many recovery codes are
 * left, Make new recovery codes, Turn off. Setting up, new codes and turning off ask "Confirm
 * it's you" first.
 */
export function AuthenticatorApp({
  security,
  onChange,
}: {
  security: SignInSecurity;
  onChange: (security: SignInSecurity) => void;
}) {
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const start = useSubmit();
  const enable = useSubmit();
  const remake = useSubmit();
  const disable = useSubmit();

  function onSetUp() {
    void start.submit(startTotpSetup, {
      failure: (error) => serverMessage(error, SECURITY_TEXT.totpSetupFailed),
      onSuccess: (answer) => {
        setCode('');
        setSetup(answer);
      },
    });
  }

  function onEnable(event: FormEvent) {
    event.preventDefault();
    const digits = digitsOnly(code);
    if (digits.length !== 6) return void toast.error('Enter the 6-digit code.');
    void enable.submit(() => enableTotp(digits), {
      success: SECURITY_TEXT.totpOn,
      failure: (error) => serverMessage(error, SECURITY_TEXT.totpEnableFailed),
      onError: () => setCode(''),
      onSuccess: ({ recoveryCodes }) => {
        setSetup(null);
        setCodes(recoveryCodes);
        onChange({
          ...security,
          totp: true,
          totpEnabledAt: new Date().toISOString(),
          recoveryCodesLeft: recoveryCodes.length,
        });
      },
    });
  }

  function onRemake() {
    void remake.submit(newRecoveryCodes, {
      failure: (error) => serverMessage(error, SECURITY_TEXT.codesFailed),
      onSuccess: ({ recoveryCodes }) => {
        setCodes(recoveryCodes);
        onChange({ ...security, recoveryCodesLeft: recoveryCodes.length });
      },
    });
  }

  function onTurnOff() {
    void disable.submit(disableTotp, {
      success: (answer) => answer?.message ?? SECURITY_TEXT.totpOff,
      failure: (error) => serverMessage(error, SECURITY_TEXT.totpDisableFailed),
      onError: () => setTurningOff(false),
      onSuccess: () => {
        setTurningOff(false);
        setCodes(null);
        onChange({ ...security, totp: false, totpEnabledAt: null, recoveryCodesLeft: 0 });
      },
    });
  }

  async function copySecret(secret: string) {
    if (await copyText(secret)) toast.success(SECURITY_TEXT.copied);
    else toast.error(SECURITY_TEXT.copyFailed);
  }

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="flex items-center gap-2 font-semibold">
            Authenticator app <StatusBadge on={security.totp} />
          </h3>
          <p className="mt-1 text-sm text-base-content/70">
            {security.totp && security.totpEnabledAt
              ? `Turned on ${formatDate(security.totpEnabledAt)}. Dayframe asks for a code from it after your password.`
              : SECURITY_TEXT.appIntro}
          </p>
        </div>
        {!security.totp && !setup ? (
          <button
            type="button"
            className="btn btn-primary btn-sm shrink-0"
            onClick={onSetUp}
            disabled={start.busy}
            aria-busy={start.busy}
          >
            {start.busy ? <Spinner size="sm" label="" /> : null}
            Set up
          </button>
        ) : null}
      </div>

      {setup ? (
        <form
          noValidate
          onSubmit={onEnable}
          aria-label="Set up the authenticator app"
          className="mt-4 grid gap-5 rounded-box border border-base-300/70 bg-base-200/40 p-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:p-5"
        >
          <div className="flex justify-center sm:block">
            <Suspense
              fallback={
                <div className="grid size-44 place-items-center rounded-box bg-base-100">
                  <Spinner size="sm" label="Drawing the QR code" />
                </div>
              }
            >
              <TotpQr url={setup.otpauthUrl} />
            </Suspense>
          </div>
          <div className="min-w-0 space-y-4">
            <div>
              <p className="text-sm font-medium">{SECURITY_TEXT.scan}</p>
              <p className="mt-2 text-sm text-base-content/70">{SECURITY_TEXT.orKey}</p>
              <div className="mt-1.5 flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <TextAreaField
                    label="Setup key"
                    name="setup-key"
                    readOnly
                    rows={2}
                    value={groupedSecret(setup.secret)}
                    onFocus={(e) => e.currentTarget.select()}
                    className="resize-none font-mono text-sm tracking-wide"
                  />
                </div>
                <button
                  type="button"
                  className="btn btn-ghost shrink-0"
                  onClick={() => void copySecret(setup.secret)}
                  aria-label="Copy the setup key"
                >
                  <CopyIcon className="size-4" />
                  Copy
                </button>
              </div>
            </div>
            <div>
              <p className="mb-2 text-sm font-medium">{SECURITY_TEXT.enterCode}</p>
              <CodeField label="Code from the app" value={code} onChange={setCode} />
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => setSetup(null)}
                disabled={enable.busy}
              >
                Cancel
              </button>
              <SubmitButton busy={enable.busy}>Turn on</SubmitButton>
            </div>
          </div>
        </form>
      ) : null}

      {security.totp ? (
        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            <span className="font-medium">{codesLeft(security.recoveryCodesLeft)}</span>
            <span className="text-base-content/70"> · each works once</span>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={onRemake}
              disabled={remake.busy}
              aria-busy={remake.busy}
            >
              {remake.busy ? <Spinner size="sm" label="" /> : <RefreshIcon className="size-4" />}
              Make new recovery codes
            </button>
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              onClick={() => setTurningOff(true)}
            >
              Turn off
            </button>
          </div>
        </div>
      ) : null}

      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}

      <ConfirmDialog
        open={turningOff}
        title="Turn off the authenticator app?"
        danger
        busy={disable.busy}
        confirmLabel="Turn off"
        onConfirm={onTurnOff}
        onCancel={() => setTurningOff(false)}
      >
        Logging in will need only your password (or a passkey), and your recovery codes stop
        working.
      </ConfirmDialog>
    </div>
  );
}
