import { describe, expect, it } from 'vitest';
import { describeRemoteFailure } from './remote-failure.ts';

describe('describeRemoteFailure', () => {
  it('names the shared module and both versions when a remote needs another React', () => {
    const failure = describeRemoteFailure(
      new Error(
        '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react/jsx-runtime does not satisfy the requirement of mfe_goals which needs ^18.3.1)',
      ),
    );
    expect(failure.title).toBe(
      'This part of Dayframe was built for a different version of the app.',
    );
    expect(failure.detail).toContain('react/jsx-runtime ^18.3.1');
    expect(failure.detail).toContain('runs 19.3.1');
  });

  it('says the app is too old when a remote needs a newer web kit', () => {
    const failure = describeRemoteFailure(
      new Error(
        '[ Federation Runtime ]: Version 1.0.0 from shell of shared singleton module @dayframe/web-kit does not satisfy the requirement of mfe_goals which needs ^1.4.0)',
      ),
    );
    expect(failure.title).toBe('This part of Dayframe needs a newer version of the app.');
    expect(failure.detail).toContain('built for web kit ^1.4.0');
    expect(failure.detail).toContain('this app provides 1.0.0');
  });

  it('does not call an older web-kit requirement newer', () => {
    const failure = describeRemoteFailure(
      new Error(
        'Version 2.1.0 from shell of shared singleton module @dayframe/web-kit does not satisfy the requirement of mfe_goals which needs ^1.4.0)',
      ),
    );
    expect(failure.title).toBe(
      'This part of Dayframe was built for a different version of the app.',
    );
  });

  it('falls back to the connection message for anything else', () => {
    expect(
      describeRemoteFailure(new Error('Failed to get remoteEntry exports. #RUNTIME-001')).title,
    ).toBe("This part of Dayframe couldn't load.");
    expect(describeRemoteFailure('weird').detail).toContain('try again');
  });
});
