import { dayNumber } from './calendar-dates.ts';
import { isCalendarDate } from './calendar-dates.ts';

/**
 * Journaling prompts (issue 25), one shown a day. Mixed on purpose (gratitude, reflection,
 * goals, memories, relationships, work, health, creativity) so that neighbouring days ask
 * different kinds of question.
 */
export const JOURNAL_PROMPTS: readonly string[] = [
  'What are three small things that made today better than it could have been?',
  'What is something you believed a year ago that you no longer believe?',
  'If the next three months went really well, what would be different at the end of them?',
  'Describe the home you grew up in, room by room. Which room do you remember best, and why?',
  'Who is someone you have lost touch with? What would you tell them if you met today?',
  'What part of your work would you do even if nobody paid you for it?',
  'How did your body feel today? What was it asking you for?',
  'Describe an ordinary object near you as if you were seeing it for the first time.',
  'Which person are you most grateful for this month, and have you told them?',
  'What did you avoid today, and what would happen if you faced it tomorrow?',
  'What is one habit you want to have a year from now? What is the smallest first step?',
  'Write about a meal you will never forget: where you were, who was there, what it tasted like.',
  'What does a good friend do that you would like to do more of for others?',
  'When did you last lose track of time at work? What were you doing?',
  'What helps you sleep well, and what keeps you up?',
  'If today were a chapter in a book, what would its title be?',
  'What is a comfort you usually take for granted?',
  'What are you proud of that nobody else knows about?',
  'What would you attempt if you knew you could not fail? What would you attempt if you knew you might?',
  'Write about a teacher or mentor who changed the way you think.',
  'Which conversation this week stayed with you, and why?',
  'What is draining your energy at work right now, and what could you change about it?',
  'What kind of movement makes you feel most alive?',
  'Describe a place you love using only sounds and smells.',
  'What went right today that you did not plan for?',
  'What are you carrying that you could put down?',
  'What are you saying yes to that you would rather say no to?',
  'What is the earliest memory you have? How sure are you that it happened the way you remember?',
  'Who makes you feel most like yourself, and what is it about them?',
  'What did you learn at work this week that you did not know on Monday?',
  'How are you, really? Answer as you would to someone who truly wants to know.',
  'If you had a free Saturday with no obligations, how would you spend it, hour by hour?',
  'Which skill or piece of knowledge are you grateful someone took the time to teach you?',
  'When did you last change your mind about something important? What changed it?',
  'What would make this week a success, even if nothing else went to plan?',
  'Write about a time you were brave, even if nobody else noticed.',
  'What is something you would like to apologise for, or forgive someone for?',
  'What would your ideal working day look like from the moment you wake up?',
  'What is one thing you could do this week to be kinder to your body?',
  'Write the first paragraph of a story that begins where you are sitting right now.',
  'What in nature have you noticed lately?',
  'What emotion showed up most today? Where did you feel it?',
  'Which goal have you outgrown, and what would replace it?',
  'What did your twelve-year-old self want to be? What would they think of you now?',
  'How do you like to be cared for when you are having a hard time? Does anyone know?',
  'What problem at work would you love to solve, even if it is not your job?',
  'What does rest actually look like for you, as opposed to distraction?',
  'If you could master one creative skill overnight, which would it be, and what would you make first?',
  'Who did something kind for you recently, however small?',
  'What pattern keeps repeating in your life, and what is it trying to teach you?',
  'What are you looking forward to, in the next day, the next month and the next year?',
  'Describe a song that takes you back to a particular time. Where does it take you?',
  'Which relationship in your life needs more attention right now?',
  'What would you like to be known for among the people you work with?',
  'What does your energy look like across a typical day? When are you at your best?',
  'Make a list of twenty things that make you happy, without stopping to think.',
  'What is a mistake you made that turned out to be useful?',
  'What would you do differently if nobody were watching or judging?',
  'What are you putting off until a "better time"? What would it take to start now?',
  'Write about a journey, long or short, that changed you.',
  'Describe a recent disagreement from the other person’s point of view.',
  'What is the most useful piece of advice you have been given about work?',
  'What did you eat today, and how did it make you feel afterwards?',
  'Take something that annoyed you today and write about it as a comedy scene.',
  'What is one thing about today you want to remember in ten years?',
  'What do you need to hear right now? Write it to yourself.',
  'Which boundary would make your life easier if you kept it?',
];

/** Steps that are coprime with the number of prompts, so stepping visits every prompt once. */
function coprimeStep(near: number, n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = near % n || 1;
  while (gcd(step, n) !== 1) step = (step % n) + 1;
  return step;
}

const COUNT = JOURNAL_PROMPTS.length;
/** From one day to the next. */
const DAY_STEP = coprimeStep(37, COUNT);
/** From one shuffle to the next on the same day. */
const SHUFFLE_STEP = coprimeStep(23, COUNT);

/** The non-negative remainder, whatever the sign of `value`. */
const mod = (value: number, n: number) => ((value % n) + n) % n;

/**
 * The prompt of `date` (`YYYY-MM-DD`, the writer's own day): the same for everyone on that date,
 * computed from the date string alone (no time zone, no clock), and different on the next day.
 * `shuffle` (0, 1, 2, …) steps to another prompt: `COUNT` consecutive shuffles of a date visit
 * every prompt once before any repeats. Throws a RangeError for anything but a calendar date.
 */
export function promptOfTheDay(date: string, shuffle = 0): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a YYYY-MM-DD calendar date: ${date}`);
  const turns = Number.isFinite(shuffle) ? Math.trunc(shuffle) : 0;
  const index = mod(mod(dayNumber(date) * DAY_STEP, COUNT) + turns * SHUFFLE_STEP, COUNT);
  return JOURNAL_PROMPTS[index] ?? '';
}
