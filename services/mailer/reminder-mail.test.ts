import { describe, expect, it } from 'vitest';
import {
  mailJob,
  type GoalsDueReminderMailJob,
  type WeeklyDigestMailJob,
} from '@dayframe/contracts';
import { renderMail } from './render.ts';

// Goals' titles are the person's own words: in a mail they are plain text (no faked lines, no
// links a client would make) and escaped in HTML; the subject never carries one.
const HOSTILE = '<img src=x onerror=alert(1)>\r\nBcc: x@evil.example';

const goalsDue = (goals: GoalsDueReminderMailJob['goals']): GoalsDueReminderMailJob => ({
  kind: 'goals-due-reminder',
  to: 'ada@example.com',
  name: 'Ada <b>',
  unsubscribeUrl: 'https://dayframe.test/api/reminders/unsubscribe?t=abc.def',
  localDate: '2026-11-01',
  dueDate: '2026-11-02',
  goals,
  link: 'https://dayframe.test/goals',
});

const digest = (over: Partial<WeeklyDigestMailJob> = {}): WeeklyDigestMailJob => ({
  kind: 'weekly-digest',
  to: 'ada@example.com',
  name: 'Ada',
  unsubscribeUrl: 'https://dayframe.test/api/reminders/unsubscribe?t=abc.def',
  weekFrom: '2026-03-30',
  weekTo: '2026-04-05',
  written: 4,
  streak: 3,
  goalsCompleted: 1,
  goalsDueNextWeek: [
    { title: 'Run 10 km', dueDate: '2026-04-07' },
    { title: HOSTILE, dueDate: '2026-04-09' },
  ],
  link: 'https://dayframe.test/dashboard',
  ...over,
});

describe('the goals-due reminder mail', () => {
  it('lists every goal due, says when in the subject without a title, links to the goals', () => {
    const mail = renderMail(
      goalsDue([
        { title: 'Finish the quilt', dueDate: '2026-11-02' },
        { title: HOSTILE, dueDate: '2026-11-02' },
      ]),
    );
    expect(mail.subject).toBe('Dayframe: 2 goals due tomorrow');
    expect(mail.text).toContain('These goals are due tomorrow (2026-11-02):');
    expect(mail.text).toContain('  - Finish the quilt\n');
    // The title's line break is gone, so it cannot start a line of its own.
    expect(mail.text).toContain('  - <img src=x onerror=alert(1)> Bcc: x@evil[.]example\n');
    expect(mail.text).toContain('https://dayframe.test/goals');
    expect(mail.html).toContain('<li>Finish the quilt</li>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; Bcc: x@evil[.]example');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Ada &lt;b&gt;');
    expect(mail.html).toContain('href="https://dayframe.test/goals"');
  });

  it('says one goal, today or in so many days', () => {
    const one = renderMail({
      ...goalsDue([{ title: 'Tax return', dueDate: '2026-11-01' }]),
      dueDate: '2026-11-01',
    });
    expect(one.subject).toBe('Dayframe: 1 goal due today');
    expect(one.text).toContain('This goal is due today (2026-11-01):');
    const later = renderMail({
      ...goalsDue([{ title: 'Tax return', dueDate: '2026-11-04' }]),
      dueDate: '2026-11-04',
    });
    expect(later.subject).toBe('Dayframe: 1 goal due in 3 days');
  });

  it('is refused by the queue without a goal', () => {
    expect(mailJob.safeParse(goalsDue([])).success).toBe(false);
    expect(mailJob.safeParse(goalsDue([{ title: 'A', dueDate: '2026-11-02' }])).success).toBe(true);
  });
});

describe('the weekly digest mail', () => {
  it('gives the week, its counts and the goals due next week, titles made plain', () => {
    const mail = renderMail(digest());
    expect(mail.subject).toBe('Your week in Dayframe');
    expect(mail.text).toContain('Your week, 2026-03-30 to 2026-04-05:');
    expect(mail.text).toContain('  Entries written: 4\n');
    expect(mail.text).toContain('  Writing streak: 3 days\n');
    expect(mail.text).toContain('  Goals completed: 1\n');
    expect(mail.text).toContain('  - Run 10 km (due 2026-04-07)\n');
    expect(mail.text).toContain(
      '  - <img src=x onerror=alert(1)> Bcc: x@evil[.]example (due 2026-04-09)\n',
    );
    expect(mail.text).toContain('https://dayframe.test/dashboard');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toMatch(/Entries written<\/td><td[^>]*>4</);
    expect(mail.html).toContain('href="https://dayframe.test/dashboard"');
  });

  it('says so when no goal is due next week, and one day of streak as a day', () => {
    const mail = renderMail(digest({ goalsDueNextWeek: [], streak: 1, written: 0 }));
    expect(mail.text).toContain('No goals are due in the next 7 days.');
    expect(mail.text).toContain('  Writing streak: 1 day\n');
    expect(mail.text).toContain('  Entries written: 0\n');
    expect(mail.html).not.toContain('<ul>');
  });
});
