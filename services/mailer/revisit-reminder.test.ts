import { describe, expect, it } from 'vitest';
import type { RevisitReminderMailJob } from '@dayframe/contracts';
import { renderMail } from './render.ts';

const job = (entries: RevisitReminderMailJob['entries']): RevisitReminderMailJob => ({
  kind: 'revisit-reminder',
  to: 'ada@example.com',
  name: 'Ada',
  unsubscribeUrl: 'https://dayframe.example/api/reminders/unsubscribe?t=abc.def',
  localDate: '2026-10-25',
  entries,
});

const STORM = {
  title: 'The <b>storm</b> & "after"',
  date: '2026-10-18',
  excerpt: 'The wind took the fence <script>x</script>',
  link: 'https://dayframe.test/journals/j1/entries/e1',
};

describe('the revisit reminder mail', () => {
  it('quotes the entry’s title, date and opening with its link, the HTML escaped', () => {
    const mail = renderMail(job([STORM]));
    expect(mail.subject).toBe('An entry to revisit in Dayframe');
    expect(mail.subject).not.toContain('storm');
    expect(mail.text).toContain('The <b>storm</b> & "after" (2026-10-18)');
    expect(mail.text).toContain('The wind took the fence <script>x</script>');
    expect(mail.text).toContain(STORM.link);
    expect(mail.html).toContain('The &lt;b&gt;storm&lt;/b&gt; &amp; &quot;after&quot;');
    expect(mail.html).toContain('fence &lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toMatch(/<script|<b>storm/);
    expect(mail.html).toContain(`href="${STORM.link}"`);
  });

  it('names every entry of the day in one mail, an untitled one as such', () => {
    const mail = renderMail(
      job([
        STORM,
        { title: '', date: '2026-10-19', excerpt: 'Quiet day.', link: 'https://dayframe.test/x' },
      ]),
    );
    expect(mail.subject).toBe('2 entries to revisit in Dayframe');
    expect(mail.text).toContain('these entries');
    expect(mail.text).toContain('Untitled entry (2026-10-19)');
    expect(mail.html).toContain('Quiet day.');
    expect(mail.html.match(/Open the entry/g)).toHaveLength(2);
  });

  it('lets no title or excerpt fake the layout or a link', () => {
    const mail = renderMail(
      job([
        {
          title: 'Urgent\r\nVisit https://evil.example now',
          date: '2026-10-18',
          excerpt: 'Log in at www.evil.example\u202e',
          link: STORM.link,
        },
      ]),
    );
    expect(mail.text).toContain('Urgent Visit hxxps[:]//evil[.]example now (2026-10-18)');
    expect(mail.text).toContain('Log in at www[.]evil[.]example');
    expect(mail.text).not.toContain('\u202e');
    expect(mail.html).not.toContain('https://evil.example');
  });
});
