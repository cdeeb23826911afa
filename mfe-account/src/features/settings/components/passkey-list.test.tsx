import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey } from '@dayframe/contracts';
import { session } from '@dayframe/web-kit';
import { fakeApi, renderAt, toastTexts, verifiedUser } from '@dayframe/web-kit/testing';
import { PasskeyList } from './passkey-list.tsx';

const laptop: Passkey = {
  id: 'p1',
  name: 'Chrome on Linux',
  createdAt: '2026-03-04T10:00:00.000Z',
  lastUsedAt: null,
};
const phone: Passkey = {
  id: 'p2',
  name: 'Safari on iPhone',
  createdAt: '2026-05-06T10:00:00.000Z',
  lastUsedAt: '2026-06-07T10:00:00.000Z',
};
const attestation = {
  id: 'n',
  rawId: 'n',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
};

function renderList(passkeys: Passkey[]) {
  session.signIn('session-token', verifiedUser);
  const shown = { passkeys };
  const onChange = vi.fn((next: Passkey[]) => (shown.passkeys = next));
  renderAt('/settings', { '/settings': <PasskeyList passkeys={passkeys} onChange={onChange} /> });
  return { onChange, shown };
}

describe('the passkey list', () => {
  it('lists each passkey with when it was added and last used', () => {
    fakeApi({});
    renderList([laptop, phone]);
    const rows = within(screen.getByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chrome on Linux'),
      expect.stringContaining('Safari on iPhone'),
    ]);
    expect(rows[0]!.textContent).toContain('Added Mar 04, 2026 · Never used');
    expect(rows[1]!.textContent).toContain('Added May 06, 2026 · Last used Jun 07, 2026');
  });

  it('says there is none yet', () => {
    fakeApi({});
    renderList([]);
    expect(screen.getByText('No passkeys yet.')).toBeTruthy();
  });

  it('adds a passkey made by the browser, named from the device guess', async () => {
    const create = vi.fn(async () => ({ toJSON: () => attestation }));
    vi.stubGlobal('PublicKeyCredential', {
      parseCreationOptionsFromJSON: (o: unknown) => ({ parsed: o }),
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      credentials: { create },
    });
    const added: Passkey = { ...laptop, id: 'p3', name: 'Work laptop' };
    const api = fakeApi({
      'POST /auth/passkeys/register-options': [200, { challenge: 'w-1', options: { rp: {} } }],
      'POST /auth/passkeys': [201, added],
    });
    const { onChange } = renderList([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const name = screen.getByLabelText('Passkey name');
    expect(name).toHaveProperty('value', 'Chrome on Linux');
    await user.clear(name);
    await user.type(name, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([added]));
    expect(create).toHaveBeenCalledWith({ publicKey: { parsed: { rp: {} } } });
    expect(api.callsTo('POST /auth/passkeys')[0]!.body).toEqual({
      challenge: 'w-1',
      name: 'Work laptop',
      response: attestation,
    });
    expect(toastTexts()).toEqual(['Passkey added.']);
  });

  it('adds nothing when the person closes the browser prompt', async () => {
    vi.stubGlobal('PublicKeyCredential', { parseCreationOptionsFromJSON: (o: unknown) => o });
    vi.stubGlobal('navigator', {
      ...navigator,
      credentials: {
        create: async () => {
          throw new DOMException('closed', 'NotAllowedError');
        },
      },
    });
    const api = fakeApi({
      'POST /auth/passkeys/register-options': [200, { challenge: 'w-1', options: {} }],
    });
    const { onChange } = renderList([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await user.click(screen.getByRole('button', { name: 'Create passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create passkey' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    expect(api.callsTo('POST /auth/passkeys')).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });

  it('renames one in place and says a refused name', async () => {
    let tries = 0;
    const api = fakeApi({
      'PATCH /auth/passkeys/p1': ({ body }) =>
        ++tries === 1
          ? [400, { message: 'Keep the name to 64 characters.', code: 'bad_request' }]
          : [200, { ...laptop, name: (body as { name: string }).name }],
    });
    const { onChange } = renderList([laptop]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename Chrome on Linux' }));
    const field = screen.getByLabelText('New name for Chrome on Linux');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Home desktop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastTexts()).toEqual(['Keep the name to 64 characters.']));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith([{ ...laptop, name: 'Home desktop' }]),
    );
    expect(api.callsTo('PATCH /auth/passkeys/p1').map((c) => c.body)).toEqual([
      { name: 'Home desktop' },
      { name: 'Home desktop' },
    ]);
  });

  it('removes one after asking, and Cancel keeps it', async () => {
    const api = fakeApi({ 'DELETE /auth/passkeys/p2': [200, { message: 'Passkey removed.' }] });
    const { onChange } = renderList([laptop, phone]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Safari on iPhone' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Remove "Safari on iPhone"?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Safari on iPhone' }));
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([laptop]));
    expect(toastTexts()).toEqual(['Passkey removed.']);
  });

  it('asks "Confirm it\'s you" when the server wants it, then removes', async () => {
    const api = fakeApi({
      'DELETE /auth/passkeys/p1': (call) =>
        call.confirmation === 'proof'
          ? [200, { message: 'Passkey removed.' }]
          : [403, { message: "Confirm it's you to continue.", code: 'reauth_required' }],
      'POST /auth/confirm': [
        200,
        { confirmation: 'proof', expiresAt: new Date(Date.now() + 600_000).toISOString() },
      ],
    });
    const { onChange } = renderList([laptop]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove Chrome on Linux' }));
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you to continue." });
    await user.type(within(dialog).getByLabelText('Password'), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([]));
    expect(api.callsTo('DELETE /auth/passkeys/p1').map((c) => c.confirmation)).toEqual([
      null,
      'proof',
    ]);
  });
});
