/**
 * Templates anyone can start a journal from (issue 25). A journal keeps its own copy in its
 * `template` field, so editing it there never changes these, and these may improve without
 * touching anyone's journal. Markdown: headings, task lists and prompts to write under.
 */
export type BuiltInTemplate = { id: string; name: string; content: string };

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'daily-reflection',
    name: 'Daily reflection',
    content: `## How I feel

Energy (1–5):
Mood in a few words:

## What happened today

-

## One thing that went well

## One thing I would do differently

## What I learned

## Tomorrow

- [ ] The one thing that matters most
- [ ]
- [ ]
`,
  },
  {
    id: 'gratitude',
    name: 'Gratitude',
    content: `## Three things I am grateful for

1.
2.
3.

## Someone who made today better

Who, and what did they do?

## A small pleasure I almost missed

## How can I pass some of this on?

- [ ] Say thank you to someone today
`,
  },
  {
    id: 'weekly-review',
    name: 'Weekly review',
    content: `## The week in a sentence

## Wins

-

## What did not go to plan, and why

-

## Goals check

| Goal | Progress this week | Next step |
| ---- | ------------------ | --------- |
|      |                    |           |

## Habits

- [ ] Slept enough most nights
- [ ] Moved my body at least three times
- [ ] Made time for people I care about
- [ ] Took at least one real break

## What I want to carry into next week

## Next week's top three

- [ ]
- [ ]
- [ ]
`,
  },
  {
    id: 'travel-day',
    name: 'Travel day',
    content: `## Where I am

Place:
Weather:
Getting around by:

## The route today

-

## What I saw

## What I ate

## People I met

## The moment I want to remember

Describe it with all five senses: what did it look, sound, smell, taste and feel like?

## Practical notes for next time

- [ ] Bookings for tomorrow checked
- [ ] Photos backed up
- Tips:
`,
  },
];
